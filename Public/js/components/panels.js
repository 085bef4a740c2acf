// The forms below the transcript, each owning its root: department selection, the offline
// message form, the rating form and the transcript form. main.js loads this module (and
// css/panels.css) when the visitor first opens one, or when the chat's state first shows one;
// the forms' markup (html/panels.html) comes with it, so the page's first load carries none of it.

import { el } from '../dom.js';

/** A form panel with a status line and an optional close button. */
class Panel {
  /**
   * @param {HTMLFormElement} root
   * @param {import('../i18n.js').Strings} strings
   */
  constructor(root, strings) {
    this.root = root;
    this.strings = strings;
    this.status = /** @type {HTMLElement} */ (root.querySelector('[data-panel-status]'));
    root.querySelector('[data-panel-cancel]')?.addEventListener('click', () => this.hide());
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && root.querySelector('[data-panel-cancel]')) this.hide();
    });
  }

  /** Shows the panel and (the visitor asked for it) focuses its first field. */
  open() {
    this.root.hidden = false;
    this.say('');
    this.root.querySelector('input, textarea')?.focus();
  }

  hide() {
    this.root.hidden = true;
  }

  /**
   * @param {string} text
   * @param {boolean} [error]
   */
  say(text, error = false) {
    this.status.textContent = text;
    this.status.dataset.error = String(error);
  }

  /**
   * Shows the outcome of this panel's action.
   * @param {{ok: boolean, error?: {message?: string} | null}} result
   * @param {string} okKey
   */
  result(result, okKey) {
    this.say(result.ok ? this.strings.t(okKey) : (result.error?.message ?? this.strings.t('unknownError')), !result.ok);
  }
}

/** The department list, shown while the visit state is `departmentSelection`. */
export class DepartmentPanel {
  #root;
  #list;
  #store;
  #strings;

  /**
   * @param {HTMLElement} root `[data-departments]`
   * @param {{store: import('../store.js').ChatStore, strings: import('../i18n.js').Strings, onChoose: (key: string) => void}} deps
   */
  constructor(root, { store, strings, onChoose }) {
    this.#root = root;
    this.#list = root.querySelector('[data-department-list]');
    this.#store = store;
    this.#strings = strings;
    this.#list.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('[data-department-key]') : null;
      if (button) onChoose(/** @type {HTMLElement} */ (button).dataset.departmentKey);
    });
    store.addEventListener('visitState', () => this.render());
    store.addEventListener('departments', () => this.render());
    this.render();
  }

  render() {
    const { visitState, departments } = this.#store;
    this.#root.hidden = visitState !== 'departmentSelection' || departments.length === 0;
    const sorted = [...departments].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    this.#list.replaceChildren(
      ...sorted.map((department) => {
        const button = el('button', 'panel-button', String(department.name ?? department.key));
        button.type = 'button';
        button.dataset.departmentKey = String(department.key);
        button.dataset.online = String(department.online);
        if (String(department.online).endsWith('ffline')) button.append(el('span', 'panel-note', ` (${this.#strings.t('departmentOffline')})`));
        const item = el('li');
        item.append(button);
        return item;
      }),
    );
  }
}

/** The offline message form: shown when no operator is online and no chat is open. */
export class OfflineForm extends Panel {
  #store;

  /**
   * @param {HTMLFormElement} root `[data-offline-form]`
   * @param {{store: import('../store.js').ChatStore, strings: import('../i18n.js').Strings, onSend: (text: string, data: object) => void}} deps
   */
  constructor(root, { store, strings, onSend }) {
    super(root, strings);
    this.#store = store;
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      const form = new FormData(root);
      const [name, email, text] = ['name', 'email', 'text'].map((key) => String(form.get(key) ?? '').trim());
      if (text === '') return;
      onSend(`${name} <${email}>\n${text}`, { name, email });
      /** @type {HTMLTextAreaElement} */ (root.elements.namedItem('text')).value = '';
      this.say(strings.t('offlineSent'));
    });
    for (const name of ['visitState', 'onlineStatus', 'chatState']) store.addEventListener(name, () => this.render());
    this.render();
  }

  render() {
    const { visitState, onlineStatus, chatState } = this.#store;
    const offline = onlineStatus === 'offline' || onlineStatus === 'busyOffline';
    this.root.hidden = !(visitState === 'offlineMessage' || (offline && !['queue', 'chatting', 'chattingWithRobot'].includes(chatState)));
  }
}

/**
 * The rating form: 1–5 and an optional note, for the current or last operator; once the rating is
 * taken, the resolution survey (was the question resolved?) about the same operator.
 */
export class RatingForm extends Panel {
  #store;
  #resolution;
  /** @type {string | undefined} The operator the last rating was about. */
  #ratedOperator;

  /**
   * @param {HTMLFormElement} root `[data-rating]`
   * @param {{store: import('../store.js').ChatStore, strings: import('../i18n.js').Strings, onRate: (rating: {operatorId?: string, rating: number, note?: string}) => void, onResolve: (answer: {operatorId?: string, answer: number}) => void}} deps
   */
  constructor(root, { store, strings, onRate, onResolve }) {
    super(root, strings);
    this.#store = store;
    this.#resolution = /** @type {HTMLElement} */ (root.querySelector('[data-resolution]'));
    this.#resolution.addEventListener('click', (event) => {
      const button = /** @type {HTMLElement} */ (event.target).closest('[data-resolution-answer]');
      if (!button) return;
      for (const each of this.#resolution.querySelectorAll('button')) each.disabled = true;
      const operatorId = this.#ratedOperator;
      onResolve({ ...(operatorId !== undefined ? { operatorId } : {}), answer: Number(button.getAttribute('data-resolution-answer')) });
      this.say('');
    });
    for (const label of root.querySelectorAll('.panel-star')) {
      const input = label.querySelector('input');
      input.setAttribute('aria-label', strings.t('stars', { n: input.value }));
    }
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      const form = new FormData(root);
      const rating = Number(form.get('rating'));
      if (!(rating >= 1 && rating <= 5)) return;
      const note = String(form.get('note') ?? '').trim();
      const operator = store.lastOperator;
      this.#ratedOperator = operator?.id != null ? String(operator.id) : undefined;
      onRate({ ...(this.#ratedOperator !== undefined ? { operatorId: this.#ratedOperator } : {}), rating, ...(note ? { note } : {}) });
      this.say('');
    });
  }

  open() {
    const name = this.#store.lastOperator?.name ?? '';
    this.root.querySelector('[data-rating-title]').textContent = this.strings.t('rateTitle', { name });
    this.#showResolution(false);
    super.open();
  }

  /**
   * A taken rating turns the form into the resolution question.
   * @param {{ok: boolean, error?: {message?: string} | null}} result
   * @param {string} okKey
   */
  result(result, okKey) {
    super.result(result, okKey);
    if (!result.ok) return;
    this.#showResolution(true);
    this.#resolution.querySelector('button')?.focus();
  }

  /**
   * The resolution answer's outcome: thanks, or why it was refused (the buttons again).
   * @param {{ok: boolean, error?: {message?: string} | null}} result
   */
  resolved(result) {
    super.result(result, 'resolutionThanks');
    if (result.ok) this.#resolution.hidden = true;
    else for (const each of this.#resolution.querySelectorAll('button')) each.disabled = false;
  }

  /** @param {boolean} shown */
  #showResolution(shown) {
    for (const part of this.root.querySelectorAll('[data-rating-part]')) /** @type {HTMLElement} */ (part).hidden = shown;
    this.#resolution.hidden = !shown;
    for (const each of this.#resolution.querySelectorAll('button')) each.disabled = false;
  }
}

/** The transcript form: send by e-mail, or download. */
export class TranscriptForm extends Panel {
  #link;
  #url;

  /**
   * @param {HTMLFormElement} root `[data-transcript-form]`
   * @param {{strings: import('../i18n.js').Strings, onSend: (email: string) => void, url: () => string | null}} deps
   */
  constructor(root, { strings, onSend, url }) {
    super(root, strings);
    this.#link = /** @type {HTMLAnchorElement} */ (root.querySelector('[data-transcript-download]'));
    this.#url = url;
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      const email = String(new FormData(root).get('email') ?? '').trim();
      if (email !== '') onSend(email);
      this.say('');
    });
  }

  open() {
    const url = this.#url();
    if (url !== null) this.#link.href = url;
    super.open();
  }
}

/**
 * Puts the panels' markup, translated with their own strings (`{locale}.panels.json`), above the
 * composer. It is the page's own file from `Public/`, parsed as HTML for that reason alone; message
 * content never goes this way.
 * @param {Document} doc
 * @param {import('../i18n.js').Strings} strings
 */
async function insertMarkup(doc, strings) {
  const [response] = await Promise.all([fetch('/static/html/panels.html'), strings.load('panels')]);
  if (!response.ok) throw new Error(`The panels' markup did not load: HTTP ${response.status}`);
  const markup = new DOMParser().parseFromString(await response.text(), 'text/html').body;
  strings.apply(markup);
  doc.querySelector('[data-composer]').before(...markup.children);
}

/**
 * Adds the four panels to the page and connects them to the session.
 * @param {Document} doc
 * @param {{store: import('../store.js').ChatStore, strings: import('../i18n.js').Strings, session: import('../session.js').ChatSession}} deps
 * @returns {Promise<{rating: RatingForm, transcriptForm: TranscriptForm}>} The panels the header opens.
 */
export async function startPanels(doc, { store, strings, session }) {
  await insertMarkup(doc, strings);
  new DepartmentPanel(doc.querySelector('[data-departments]'), {
    store,
    strings,
    onChoose: (key) => session.chat('start', key),
  });
  new OfflineForm(/** @type {HTMLFormElement} */ (doc.querySelector('[data-offline-form]')), {
    store,
    strings,
    onSend: (text, data) => session.send(text, { data }),
  });
  const rating = new RatingForm(/** @type {HTMLFormElement} */ (doc.querySelector('[data-rating]')), {
    store,
    strings,
    onRate: (rating) => session.act('rating', 'POST', '/rating', rating),
    onResolve: (answer) => session.act('resolution', 'POST', '/resolution', answer),
  });
  const transcriptForm = new TranscriptForm(/** @type {HTMLFormElement} */ (doc.querySelector('[data-transcript-form]')), {
    strings,
    onSend: (email) => session.act('transcript', 'POST', '/transcript', { email }),
    url: () => session.transcriptUrl(),
  });
  return { rating, transcriptForm };
}
