// The file tray: several files reviewed before they go as one message. It sits above the composer; each file
// uploads to the server at once (one at a time, with its progress) without being sent, can be cancelled while it
// uploads and removed after, and shows why it was refused. The composer's text box is the caption; Send sends the
// uploaded files as one message, the caption right after it. Loaded with its strings and stylesheet the first time
// the visitor picks or drops several files.

import { el, loadStylesheet } from '../dom.js';
import { formatSize } from '../format.js';
import { icon } from '../icons.js';
import { checkFile, sendFile } from '../file-upload.js';
import { makeClientId } from '../outbox.js';

/** The most files in one message (the server's `too_many_files` beyond it, as the Webim SDK's). */
export const MAX_FILES = 10;

/** The page's own sentence for each refusal code an upload can meet; others get `uploadFailed`. */
const REFUSALS = Object.freeze({
  file_too_large: 'trayTooBig',
  file_type_not_allowed: 'trayWrongType',
  uploads_not_allowed: 'uploadsOff',
  empty_file: 'trayEmpty',
  upload_refused: 'trayRefused',
  too_many_uploads: 'trayTooMany',
  max_files_count_per_chat_exceeded: 'trayChatFull',
  visitor_budget_exceeded: 'visitorBudgetExceeded',
  storage_budget_exceeded: 'storageBudgetExceeded',
});

let serial = 0;

/**
 * Loads the tray's stylesheet and strings, then places the tray above the composer (`[data-composer]`).
 * @param {Document} doc
 * @param {object} deps
 * @param {import('../session.js').ChatSession} deps.session
 * @param {import('../store.js').ChatStore} deps.store
 * @param {import('../i18n.js').Strings} deps.strings
 * @param {import('./composer.js').Composer} deps.composer
 * @returns {Promise<FileTray>}
 */
export async function startFileTray(doc, { session, store, strings, composer }) {
  await Promise.all([loadStylesheet(doc, '/static/css/file-tray.css'), strings.load('tray'), strings.load('parts')]);
  const tray = new FileTray(doc, { session, store, strings, composer });
  doc.querySelector('[data-composer]')?.before(tray.root);
  composer.sendFilesWith(tray);
  return tray;
}

/**
 * The tray's files and their uploads. Hooks: `data-tray-item` (one file, with `data-state`: `waiting`,
 * `uploading`, `ready`, `refused`), `data-tray-cancel`, `data-tray-remove`, `data-tray-status` (the live region).
 */
export class FileTray {
  /** @type {HTMLElement} The tray; the page places it. */
  root;
  #doc;
  #session;
  #store;
  #strings;
  #composer;
  #list;
  #note;
  #status;
  /** @type {{id: string, file: File, state: string, progress: number, guid?: string, error?: string, abort?: AbortController, preview?: string}[]} */
  #items = [];
  #uploading = false;
  #sending = false;

  /**
   * @param {Document} doc
   * @param {object} deps
   * @param {import('../session.js').ChatSession} deps.session
   * @param {import('../store.js').ChatStore} deps.store
   * @param {import('../i18n.js').Strings} deps.strings
   * @param {import('./composer.js').Composer} deps.composer
   */
  constructor(doc, { session, store, strings, composer }) {
    this.#doc = doc;
    this.#session = session;
    this.#store = store;
    this.#strings = strings;
    this.#composer = composer;
    const id = `file-tray-${++serial}`;
    this.root = el('section', 'file-tray');
    this.root.dataset.fileTray = '';
    this.root.hidden = true;
    this.root.setAttribute('aria-labelledby', `${id}-title`);
    const title = el('h2', 'file-tray-title', strings.t('trayTitle'));
    title.id = `${id}-title`;
    // The composer's text box is the caption: the tray says so, above it.
    const hint = el('p', 'file-tray-hint', strings.t('trayCaption'));
    this.#list = el('ul', 'file-tray-list');
    this.#note = el('p', 'file-tray-note');
    this.#note.dataset.trayNote = '';
    this.#status = el('p', 'kit-visually-hidden');
    this.#status.dataset.trayStatus = '';
    this.#status.setAttribute('role', 'status');
    this.root.append(title, this.#list, this.#note, hint, this.#status);
    this.#list.addEventListener('click', (event) => {
      const button = /** @type {HTMLElement} */ (event.target).closest('button');
      const item = this.#items.find((entry) => entry.id === button?.closest('li')?.dataset.trayItem);
      if (!button || !item) return;
      if ('trayCancel' in button.dataset) this.#cancel(item);
      else if ('trayRemove' in button.dataset) this.#remove(item);
    });
  }

  /** Whether the tray holds files: the composer's Send then sends them. */
  get isOpen() {
    return !this.root.hidden;
  }

  /**
   * Adds files: each is checked against the chat's limits, then uploaded in turn; files beyond the tenth are
   * left out, and the tray says so.
   * @param {File[]} files
   */
  async add(files) {
    await this.#session.loadLimits().catch(() => undefined);
    const notes = [];
    for (const file of files) {
      if (this.#items.length >= MAX_FILES) {
        notes.push(this.#strings.t('trayLimit', { name: file.name, count: MAX_FILES }));
        continue;
      }
      const problem = checkFile(file, this.#store.limits, this.#strings);
      const item = { id: `${this.root.getAttribute('aria-labelledby')}-${++serial}`, file, state: problem ? 'refused' : 'waiting', progress: 0 };
      if (problem) item.error = problem;
      if (!problem && file.type.startsWith('image/')) item.preview = URL.createObjectURL(file);
      this.#items.push(item);
      this.#list.append(this.#renderItem(item));
    }
    this.#note.textContent = notes.join(' ');
    this.#note.dataset.error = notes.length > 0 ? 'true' : 'false';
    this.#open();
    this.#announce(this.#strings.plural('trayAdded', this.#items.length));
    void this.#pump();
  }

  /**
   * Sends the uploaded files as one message, with `caption` when it is not blank; answers false (and says why)
   * while a file is still uploading or when no file is ready.
   * @param {string} caption
   * @returns {boolean} Whether the caption was taken.
   */
  send(caption) {
    if (this.#sending) return false;
    if (this.#items.some((item) => item.state === 'waiting' || item.state === 'uploading')) {
      this.#say(this.#strings.t('trayWait'));
      return false;
    }
    const ready = this.#items.filter((item) => item.state === 'ready' && item.guid);
    if (ready.length === 0) {
      this.#say(this.#strings.t('trayNothing'));
      return false;
    }
    this.#sending = true;
    this.root.dataset.sending = 'true';
    const body = { guids: ready.map((item) => item.guid) };
    if (caption.trim() !== '') body.caption = caption;
    void this.#session.request('fileMessage', 'POST', '/file-messages', body).then((outcome) => {
      this.#sending = false;
      delete this.root.dataset.sending;
      if (outcome.ok) {
        this.#announce(this.#strings.plural('traySent', ready.length));
        this.#clear();
        return;
      }
      if (body.caption) this.#composer.prefill(body.caption);
      this.#say(this.#codeSentence(outcome.error?.code));
    });
    return true;
  }

  /** Uploads the waiting files one at a time, so that each gets the whole connection and its bar moves. */
  async #pump() {
    if (this.#uploading) return;
    this.#uploading = true;
    try {
      for (let item = this.#next(); item !== undefined; item = this.#next()) await this.#upload(item);
    } finally {
      this.#uploading = false;
    }
    if (this.#items.length > 0 && this.#items.every((item) => item.state === 'ready' || item.state === 'refused')) {
      this.#announce(this.#strings.plural('trayReady', this.#items.filter((item) => item.state === 'ready').length));
    }
  }

  #next() {
    return this.#items.find((item) => item.state === 'waiting');
  }

  async #upload(item) {
    item.state = 'uploading';
    item.abort = new AbortController();
    this.#update(item);
    try {
      const path = await this.#session.tabPath('/uploads');
      const answer = await sendFile(path, item.file, makeClientId(), (percent) => {
        item.progress = percent;
        this.#updateProgress(item);
      }, item.abort.signal);
      if (!this.#items.includes(item)) {
        // Cancelled after the server had it: it is on the server all the same, so it is removed there.
        if (typeof answer?.guid === 'string') void this.#removeOnServer(answer.guid);
        return;
      }
      item.guid = String(answer?.guid ?? '');
      item.state = 'ready';
      this.#announce(this.#strings.t('trayUploaded', { name: item.file.name }));
    } catch (error) {
      if (!this.#items.includes(item)) return;
      item.state = 'refused';
      item.error = this.#codeSentence(/** @type {any} */ (error)?.code);
      this.#announce(`${item.file.name}: ${item.error}`);
    } finally {
      item.abort = undefined;
    }
    this.#update(item);
  }

  #cancel(item) {
    item.abort?.abort();
    this.#drop(item);
    this.#announce(this.#strings.t('trayCancelled', { name: item.file.name }));
  }

  #remove(item) {
    if (item.guid) void this.#removeOnServer(item.guid);
    this.#drop(item);
    this.#announce(this.#strings.t('trayRemoved', { name: item.file.name }));
  }

  /** Deletes an uploaded, unsent file on the server (`DELETE …/uploads/{guid}`; its outcome comes as a `result`). */
  #removeOnServer(guid) {
    return this.#session.request('removeUpload', 'DELETE', `/uploads/${encodeURIComponent(guid)}`, {});
  }

  /** Takes a file out of the tray, keeping the focus in it: on the next file's button, or the text box. */
  #drop(item) {
    const index = this.#items.indexOf(item);
    if (index < 0) return;
    this.#items.splice(index, 1);
    if (item.preview) URL.revokeObjectURL(item.preview);
    this.#list.querySelector(`[data-tray-item="${item.id}"]`)?.remove();
    const next = this.#items[Math.min(index, this.#items.length - 1)];
    const button = next ? this.#list.querySelector(`[data-tray-item="${next.id}"] button`) : null;
    if (this.#items.length === 0) this.#clear();
    if (button instanceof HTMLElement) button.focus();
    else this.#composer.focus();
  }

  #open() {
    if (this.#items.length === 0) return;
    this.root.hidden = false;
  }

  /** Empties and hides the tray; the composer sends text again. */
  #clear() {
    for (const item of this.#items) if (item.preview) URL.revokeObjectURL(item.preview);
    this.#items = [];
    this.#list.replaceChildren();
    this.#note.textContent = '';
    this.root.hidden = true;
  }

  /** The sentence for a server's or the page's refusal: the page's own words, never the server's. */
  #codeSentence(code) {
    const key = REFUSALS[code];
    return key ? this.#strings.t(key) : this.#strings.t('uploadFailed');
  }


  #say(text) {
    this.#note.textContent = text;
    this.#note.dataset.error = 'true';
    this.#announce(text);
  }

  /** Speaks through the live region: the same sentence twice is still read, as a new one. */
  #announce(text) {
    this.#status.textContent = this.#status.textContent === text ? `${text}\u00a0` : text;
  }

  #renderItem(item) {
    const row = el('li', 'file-tray-item');
    row.dataset.trayItem = item.id;
    const thumb = el('span', 'file-tray-thumb');
    if (item.preview) {
      const img = /** @type {HTMLImageElement} */ (el('img', 'file-tray-image'));
      img.src = item.preview;
      img.alt = '';
      thumb.append(img);
    } else {
      thumb.append(icon('file', 'file-tray-icon'));
    }
    const body = el('span', 'file-tray-body');
    const name = el('span', 'file-tray-name', item.file.name);
    name.dir = 'auto';
    const meta = el('span', 'file-tray-meta', formatSize(item.file.size));
    // "6 KB" keeps its order on a right-to-left page, and a sentence its full stop at its end.
    meta.dir = 'auto';
    const progress = /** @type {HTMLProgressElement} */ (el('progress', 'file-tray-progress'));
    progress.max = 100;
    progress.setAttribute('aria-label', this.#strings.t('uploading', { name: item.file.name }));
    const error = el('span', 'file-tray-error');
    error.dir = 'auto';
    body.append(name, meta, progress, error);
    const button = el('button', 'file-tray-button');
    button.type = 'button';
    button.append(icon('close', 'file-tray-button-icon'));
    row.append(thumb, body, button);
    this.#fill(row, item);
    return row;
  }

  #update(item) {
    const row = this.#list.querySelector(`[data-tray-item="${item.id}"]`);
    if (row instanceof HTMLElement) this.#fill(row, item);
  }

  #updateProgress(item) {
    const progress = this.#list.querySelector(`[data-tray-item="${item.id}"] progress`);
    if (progress instanceof HTMLProgressElement) progress.value = item.progress;
  }

  /** Shows the item's state: the bar while it waits or uploads, its reason when refused, and its one button. */
  #fill(row, item) {
    row.dataset.state = item.state;
    const progress = /** @type {HTMLProgressElement} */ (row.querySelector('progress'));
    progress.hidden = item.state !== 'waiting' && item.state !== 'uploading';
    progress.value = item.progress;
    const error = /** @type {HTMLElement} */ (row.querySelector('.file-tray-error'));
    error.textContent = item.state === 'refused' ? (item.error ?? '') : '';
    error.hidden = item.state !== 'refused';
    const button = /** @type {HTMLButtonElement} */ (row.querySelector('button'));
    const pending = item.state === 'waiting' || item.state === 'uploading';
    delete button.dataset.trayCancel;
    delete button.dataset.trayRemove;
    button.dataset[pending ? 'trayCancel' : 'trayRemove'] = '';
    const label = this.#strings.t(pending ? 'trayCancel' : 'trayRemove', { name: item.file.name });
    button.setAttribute('aria-label', label);
    button.title = label;
  }
}
