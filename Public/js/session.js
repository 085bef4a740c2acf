// One chat on this page: creates the tab, keeps its event stream open, feeds events to the store
// and performs the visitor's actions (send, edit, delete, upload, keyboard, typing, rating, …).

import { ApiError } from '../shared/api.js';
import { REQUEST_TIMEOUT_MS } from './api.js';
import { TabEventStream } from './events.js';

/** First and longest wait before creating a tab again after a failure, in milliseconds. */
const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30000;
/** At most one typing report per this many milliseconds. */
export const TYPING_INTERVAL_MS = 1000;

/**
 * A fresh clientId: 32 lowercase hex characters (128 random bits).
 * @returns {string}
 */
function makeClientId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A fresh tab id: 22 base64url characters (128 random bits). The page proposes it, so that a
 * balancer that routes by the path sends the tab's first request where all later ones go.
 * @returns {string}
 */
export function makeTabId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Codes of a tab that can continue on no server: the page starts a new one at once. */
const LOST_TAB_CODES = new Set(['invalid_credential', 'credential_expired', 'invalid_tab_id']);

/**
 * Whether a message request failed on the way rather than being refused: the server that had the
 * tab is gone (no answer, a proxy's 502 or 504, another server's 404 or 503 while it drains). The
 * message is sent again, with its clientId, once a server has the tab.
 * @param {unknown} error
 */
function failedOnTheWay(error) {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 502 || error.status === 504 || error.code === 'unknown_tab' || error.code === 'draining';
}

/**
 * Connects the page's store to one tab on the server. Emits `operatorMessage` (a new operator
 * message arrived live, not from a snapshot or history), `messageAdded` (any new live message;
 * detail: the message), `uploadProgress` and `result` (detail: the `result` event plus the `kind` of
 * action it answers).
 */
export class ChatSession extends EventTarget {
  #api;
  #store;
  #location;
  #locale;
  #tab;
  #makeStream;
  /** @type {(code: string) => string | null} */
  #wording;
  /** @type {string | null} */
  #tabId = null;
  /** @type {TabEventStream | null} */
  #stream = null;
  /** @type {Array<(tabId: string) => void>} */
  #tabWaiters = [];
  #backoff = BACKOFF_MIN_MS;
  #stopped = false;
  /**
   * Actions waiting for their `result` event, in the order they were made: clientId → {kind,
   * messageId?, body?, takenBy?}. A message stays here until the service's answer or its own copy
   * confirms it; `takenBy` is the `#connection` whose server answered 202 (-1: none yet), and in a
   * later connection it is sent again (`#sendInOrder`).
   */
  #pending = new Map();
  /** Uploads that failed on the way (clientIds), sent again once a server has the tab. */
  #queuedUploads = new Set();
  /** Counts the times a server opened the tab for this page: a message taken in an earlier one is sent again. */
  #connection = 0;
  #isSending = false;
  /** Files of uploads that may be retried: clientId → File. */
  #files = new Map();
  #typingSentAt = 0;
  /** @type {ReturnType<typeof setTimeout> | null} */
  #typingTimer = null;
  #lastDraft = null;
  /** Cuts the current backoff wait short (the network came back). */
  #wake = () => {};
  #readPending = false;

  /**
   * @param {object} deps
   * @param {import('./api.js').ApiClient} deps.api
   * @param {import('./store.js').ChatStore} deps.store
   * @param {string} deps.location The Webim location this page chats in.
   * @param {string} [deps.locale]
   * @param {{kiosk?: boolean, coreLog?: string}} [deps.tab] What the tab is created with: a shared screen's
   *   (`kiosk`: the server tells its browser to store no file), and the core log's verbosity (`coreLog`).
   * @param {(url: string) => TabEventStream} [deps.makeStream] Replaceable for tests.
   * @param {(code: string) => string | null} [deps.wording] The page's own sentence for an error
   *   code (the storage budgets), in the visitor's language; null leaves the server's message.
   */
  constructor({ api, store, location, locale, tab = {}, makeStream = (url) => new TabEventStream(url), wording = () => null }) {
    super();
    this.#api = api;
    this.#store = store;
    this.#location = location;
    this.#locale = locale;
    this.#tab = tab;
    this.#makeStream = makeStream;
    this.#wording = wording;
  }

  /**
   * The sentence a refusal shows: the page's own for the codes it words, else the server's.
   * @param {unknown} error An `ApiError`, or a `result` event's `error`.
   * @returns {string}
   */
  describe(error) {
    const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
    return (code !== '' && this.#wording(code)) || errorText(error);
  }

  /**
   * Marks a message or file not sent, with the sentence for `error`, and without Retry when sending it again
   * would meet the same refusal.
   * @param {string} clientId
   * @param {unknown} error
   */
  #markFailed(clientId, error) {
    // The visitor's budget stays spent until retention frees it: a Retry would only be refused again.
    this.#store.markFailed(clientId, this.describe(error), error?.code === 'visitor_budget_exceeded');
  }

  /** @returns {string | null} The tab id once the server gave one. */
  get tabId() {
    return this.#tabId;
  }

  /** Creates the tab and opens its event stream, retrying with backoff until it works. */
  start() {
    this.#store.set('connection', 'connecting');
    globalThis.addEventListener?.('offline', () => this.#store.set('connection', 'offline'));
    globalThis.addEventListener?.('online', () => {
      // The stream may have stayed open through a short outage.
      this.#store.set('connection', this.#stream?.state === 'live' ? 'live' : 'reconnecting');
      this.#backoff = BACKOFF_MIN_MS;
      this.#wake();
    });
    void this.#connect();
  }

  /** Closes the event stream; the session does nothing more. */
  stop() {
    this.#stopped = true;
    this.#stream?.close();
    this.#stream = null;
  }

  /**
   * Shows the message at once, then sends it.
   * @param {string} text
   * @param {{quote?: import('./store.js').Message, data?: object}} [options]
   */
  send(text, { quote, data } = {}) {
    const clientId = makeClientId();
    const quoteView = quote ? { state: 'filled', messageId: quote.id, text: quote.text, senderName: quote.senderName, type: quote.type } : null;
    this.#store.addOutgoing({ clientId, text, quote: quoteView });
    const body = { text, clientId };
    if (quote) body.quotedMessageId = quote.id;
    if (data) body.data = data;
    this.#pending.set(clientId, { kind: 'message', body, takenBy: -1 });
    void this.#sendInOrder();
    this.typing(null);
  }

  /**
   * Sends a failed message or file again with its original clientId, so the server cannot store it twice.
   * @param {string} clientId
   */
  retry(clientId) {
    const entry = this.#store.findOutgoing(clientId);
    if (entry === undefined || entry.confirmed || entry.sendStatus !== 'failed' || entry.final) return;
    this.#store.markSending(clientId);
    const file = this.#files.get(clientId);
    if (file) void this.#upload(clientId, file);
    else {
      const body = this.#pending.get(clientId)?.body ?? { text: entry.message.text, clientId };
      // Last in the order now: the visitor sends it again after what came since.
      this.#pending.delete(clientId);
      this.#pending.set(clientId, { kind: 'message', body, takenBy: -1 });
      void this.#sendInOrder();
    }
  }

  /**
   * Uploads a file the caller already checked against the limits.
   * @param {File} file
   */
  upload(file) {
    const clientId = makeClientId();
    const attachment = { state: 'upload', progress: 0, files: [{ name: file.name, size: file.size, contentType: file.type }] };
    this.#store.addOutgoing({ clientId, type: 'fileFromVisitor', attachment });
    this.#files.set(clientId, file);
    this.#pending.set(clientId, { kind: 'file' });
    void this.#upload(clientId, file);
  }

  /**
   * Edits one of the visitor's messages; the outcome arrives as a `result` event.
   * @param {string} messageId
   * @param {string} text
   */
  edit(messageId, text) {
    void this.act('edit', 'PATCH', `/messages/${encodeURIComponent(messageId)}`, { text }, messageId);
  }

  /** @param {string} messageId Deletes one of the visitor's messages. */
  remove(messageId) {
    const clientId = makeClientId();
    this.#pending.set(clientId, { kind: 'delete', messageId });
    void this.#call('DELETE', `/messages/${encodeURIComponent(messageId)}?clientId=${clientId}`, undefined, clientId);
  }

  /**
   * Likes or dislikes an operator's message.
   * @param {string} messageId
   * @param {'like' | 'dislike'} reaction
   */
  react(messageId, reaction) {
    void this.act('reaction', 'POST', `/messages/${encodeURIComponent(messageId)}/reaction`, { reaction }, messageId);
  }

  /**
   * Presses a keyboard button.
   * @param {string} messageId
   * @param {string} buttonId
   */
  pressButton(messageId, buttonId) {
    void this.act('keyboard', 'POST', '/keyboard', { messageId, buttonId }, messageId);
  }

  /**
   * Starts or closes the chat; resolves once the server has taken the action.
   * @param {'start' | 'close'} action
   * @param {string} [departmentKey]
   * @param {object} [extra] More of the request's fields (`customFields`).
   * @returns {Promise<void>}
   */
  chat(action, departmentKey, extra = {}) {
    const body = { action, ...extra };
    if (departmentKey) body.departmentKey = departmentKey;
    return this.act('chat', 'POST', '/chat', body);
  }

  /**
   * Reports the visitor's draft: at most once per TYPING_INTERVAL_MS, and null at once.
   * @param {string | null} draft
   */
  typing(draft) {
    const value = draft === null || draft.trim() === '' ? null : draft;
    if (this.#typingTimer !== null) clearTimeout(this.#typingTimer);
    this.#typingTimer = null;
    if (value === null) {
      if (this.#lastDraft !== null) this.#sendDraft(null);
      return;
    }
    const wait = this.#typingSentAt + TYPING_INTERVAL_MS - Date.now();
    if (wait <= 0) this.#sendDraft(value);
    else this.#typingTimer = setTimeout(() => this.typing(value), wait);
  }

  /** Marks the messages read (at most one request at a time). */
  async markRead() {
    if (this.#readPending || this.#tabId === null) return;
    this.#readPending = true;
    try {
      await this.#api.request('POST', this.#api.tabPath(this.#tabId, '/read'));
      this.#store.set('unread', { count: 0, time: null });
    } catch (error) {
      console.warn('Could not mark messages read', error);
    } finally {
      this.#readPending = false;
    }
  }

  /** Loads the page of messages before the oldest one shown (history.js, loaded then). */
  async loadOlder() {
    if (this.#tabId !== null) await (await import('./history.js')).loadOlder(this.#api, this.#store, this.#tabId);
  }

  /**
   * Reads the upload limits afresh before files are checked: the snapshot's copy may be the
   * server's defaults from before the service answered. The last known limits stay on failure.
   */
  async loadLimits() {
    if (this.#tabId === null) return;
    try {
      this.#store.set('limits', await this.#api.request('GET', this.#api.tabPath(this.#tabId, '/limits')));
    } catch (error) {
      console.warn('Could not read the upload limits', error);
    }
  }

  /** @returns {string | null} The transcript download URL once the tab exists. */
  transcriptUrl() {
    return this.#tabId === null ? null : this.#api.tabPath(this.#tabId, '/transcript');
  }

  #sendDraft(draft) {
    this.#lastDraft = draft;
    this.#typingSentAt = Date.now();
    if (this.#tabId === null) return;
    this.#api.request('POST', this.#api.tabPath(this.#tabId, '/typing'), { draft }).catch((error) => {
      console.warn('Could not report typing', error);
    });
  }

  /**
   * Performs an action on the tab (the panels' rating and transcript use it directly); its outcome
   * comes as a `result` event, matched to its `kind`.
   * @param {string} kind
   * @param {string} method
   * @param {string} path Under the tab, such as `/rating`.
   * @param {object} body
   * @param {string} [messageId] The message whose error line the outcome fills.
   */
  async act(kind, method, path, body, messageId) {
    const clientId = makeClientId();
    this.#pending.set(clientId, { kind, messageId });
    if (messageId) this.#store.setMessageError(messageId, null);
    await this.#call(method, path, { ...body, clientId }, clientId);
  }

  async #call(method, path, body, clientId) {
    try {
      const tabId = await this.#waitForTab();
      await this.#api.request(method, this.#api.tabPath(tabId, path), body);
      const pending = this.#pending.get(clientId);
      if (pending?.kind === 'chat') this.#finish({ clientId, ok: true, error: null });
    } catch (error) {
      if (error instanceof ApiError && error.status === 503) return;
      this.#finish({ clientId, ok: false, error: { message: this.describe(error) } });
    }
  }

  /** Applies a `result` (from the stream, or a refused request). */
  #finish(result) {
    const pending = this.#pending.get(result.clientId);
    this.#pending.delete(result.clientId);
    if (!result.ok) {
      if (this.#store.findOutgoing(result.clientId)) this.#markFailed(result.clientId, result.error);
      else if (pending?.messageId) this.#store.setMessageError(pending.messageId, this.describe(result.error));
    } else if (pending?.kind === 'file' || pending?.kind === 'message') {
      this.#files.delete(result.clientId);
    }
    this.dispatchEvent(new CustomEvent('result', { detail: { ...result, kind: pending?.kind ?? null } }));
  }

  /**
   * Opens this browser tab's chat tab on whichever server answers, then its stream.
   * @param {string} [after] The last event id seen: the same server goes on from there, another
   *   one starts with a snapshot.
   */
  async #connect(after = '') {
    while (!this.#stopped) {
      // The tab this browser tab had (a reload, a restarted or another server) continues the same chat.
      let tabId = keptTab(this.#location);
      if (tabId === null) {
        tabId = makeTabId();
        keptTab(this.#location, tabId);
      }
      try {
        const credential = keptCredential(this.#location);
        await this.#api.createTab(tabId, {
          location: this.#location,
          locale: this.#locale,
          ...(credential === null ? {} : { credential }),
          ...this.#tab,
        });
        if (this.#stopped) return;
        this.#tabId = tabId;
        for (const resolve of this.#tabWaiters.splice(0)) resolve(tabId);
        this.#connection += 1;
        this.#openStream(tabId, after);
        this.#resendUnconfirmed();
        return;
      } catch (error) {
        if (error instanceof ApiError && LOST_TAB_CODES.has(error.code)) {
          console.warn('The chat tab cannot continue; starting a new one', error);
          keptTab(this.#location, null);
          after = '';
          continue;
        }
        console.warn('Could not create a chat tab; retrying', error);
        this.#store.set('connection', 'reconnecting');
        await this.#sleep();
      }
    }
  }

  /**
   * Sends again, with the same clientIds, what no server has confirmed (the server that took it
   * may be gone with its outbox): the service keeps one of each. Messages go in their order.
   */
  #resendUnconfirmed() {
    for (const clientId of this.#queuedUploads) {
      const file = this.#files.get(clientId);
      this.#queuedUploads.delete(clientId);
      // A server's copy (from the service's history) confirms it: the store shows it as the server's.
      if (file && this.#pending.has(clientId) && this.#store.findOutgoing(clientId)?.sendStatus === 'sending') {
        void this.#upload(clientId, file);
      }
    }
    void this.#sendInOrder();
  }

  /**
   * The first message, in the visitor's order, that this connection's server has not taken and the
   * service does not have (still `sending`).
   * @returns {[string, {body: object}] | undefined}
   */
  #nextToSend() {
    for (const [clientId, pending] of this.#pending) {
      if (pending.kind !== 'message' || !pending.body || pending.takenBy === this.#connection) continue;
      const entry = this.#store.findOutgoing(clientId);
      // A server's copy still `sending` is in that server's outbox, which may be gone with it.
      if (entry === undefined || entry.sendStatus !== 'sending') continue;
      return [clientId, pending];
    }
    return undefined;
  }

  /**
   * Posts the messages one at a time, in the order the visitor wrote them, so that the service
   * stores them in that order whichever server takes each; stops when one is lost on the way.
   */
  async #sendInOrder() {
    if (this.#isSending) return;
    this.#isSending = true;
    try {
      for (let next = this.#nextToSend(); next !== undefined && !this.#stopped; next = this.#nextToSend()) {
        const [clientId, pending] = next;
        const connection = this.#connection;
        const outcome = await this.#post(clientId, pending.body);
        if (outcome === 'lost') return;
        if (outcome === 'taken') pending.takenBy = connection;
      }
    } finally {
      this.#isSending = false;
    }
  }

  /** Waits the next backoff, or less when the network comes back. */
  #sleep() {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.#nextBackoff());
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /**
   * @param {string} tabId
   * @param {string} [after] The last event id seen, to resume from.
   */
  #openStream(tabId, after = '') {
    const stream = this.#makeStream(this.#api.tabPath(tabId, '/events') + (after ? `?after=${encodeURIComponent(after)}` : ''));
    this.#stream = stream;
    stream.addEventListener('state', (event) => {
      if (stream !== this.#stream) return;
      const { state } = /** @type {CustomEvent} */ (event).detail;
      if (state === 'live') {
        this.#backoff = BACKOFF_MIN_MS;
        this.#store.set('connection', 'live');
      } else if (state === 'reconnecting') {
        this.#store.set('connection', navigator.onLine === false ? 'offline' : 'reconnecting');
      } else if (state === 'closed') {
        // EventSource gave up (an error, or 204 from a server that does not hold the tab): the tab
        // is opened again, where it is or on the server that answers now, and read from the cursor.
        this.#stream = null;
        this.#tabId = null;
        this.#store.set('connection', navigator.onLine === false ? 'offline' : 'reconnecting');
        void this.#sleep().then(() => {
          if (!this.#stopped) void this.#connect(stream.lastEventId || after);
        });
      }
    });
    stream.addEventListener('event', (event) => {
      if (stream !== this.#stream) return;
      const { name, data } = /** @type {CustomEvent} */ (event).detail;
      if (name === 'reconnect') {
        // The server is draining before it stops: reopen from the last event at once, without the
        // backoff; the next server behind the balancer, or this one restarted, answers. If that
        // server does not hold the tab, its 204 closes the stream and the tab is opened there.
        stream.close();
        this.#openStream(tabId, stream.lastEventId || after);
        return;
      }
      this.#apply(name, data);
    });
    stream.open();
  }

  #apply(name, data) {
    const store = this.#store;
    switch (name) {
      case 'snapshot':
        store.applySnapshot(data);
        if (typeof data.credential === 'string') keptCredential(this.#location, data.credential);
        break;
      case 'tab.credential':
        if (typeof data.credential === 'string') keptCredential(this.#location, data.credential);
        break;
      case 'message.added':
        if (data.message) {
          store.addMessage(data.message, data.beforeId ?? null);
          this.dispatchEvent(new CustomEvent('messageAdded', { detail: data.message }));
          if (data.message.type === 'operator' || data.message.type === 'fileFromOperator' || data.message.type === 'keyboard') {
            this.dispatchEvent(new CustomEvent('operatorMessage'));
          }
        }
        break;
      case 'message.changed':
        if (data.message) store.changeMessage(data.message);
        break;
      case 'message.removed':
        if (typeof data.id === 'string') store.removeMessage(data.id);
        break;
      case 'messages.cleared':
        store.clearMessages();
        break;
      case 'operator.changed':
        store.set('operator', data.operator ?? null);
        break;
      case 'operator.typing':
        store.set('operatorTyping', Boolean(data.typing));
        break;
      case 'chat.state':
      case 'visit.state':
      case 'online.status':
        if (typeof data.state === 'string' || typeof data.status === 'string') {
          store.set(name === 'chat.state' ? 'chatState' : name === 'visit.state' ? 'visitState' : 'onlineStatus', data.state ?? data.status);
        }
        break;
      case 'departments':
        if (Array.isArray(data.departments)) store.set('departments', data.departments);
        break;
      case 'unread.visitor':
        store.set('unread', { count: Number(data.count) || 0, time: data.time ?? null });
        break;
      case 'hello':
        if (typeof data.text === 'string') store.set('hello', data.text);
        break;
      case 'result':
        if (typeof data.clientId === 'string') this.#finish(data);
        break;
      case 'error.fatal':
        console.error('The chat service reported a fatal error', data);
        this.stop();
        store.set('connection', 'failed');
        break;
      case 'error.transient':
        console.warn('The chat service reported a transient error', data);
        break;
      default:
        break;
    }
  }

  /**
   * Posts one message: `taken` (202: on the server's disk), `refused` (shown failed, with Retry), or
   * `lost` on the way (it stays `sending`, and goes again to whichever server continues the tab).
   * @returns {Promise<'taken' | 'refused' | 'lost'>}
   */
  async #post(clientId, body) {
    try {
      const tabId = await this.#waitForTab();
      const messageId = await this.#api.sendMessage(tabId, body);
      this.#store.markAccepted(clientId, messageId);
      return 'taken';
    } catch (error) {
      if (failedOnTheWay(error)) {
        if (!(error instanceof ApiError && error.code === 'not_connected')) this.#reconnectSoon();
        return 'lost';
      }
      // Any refusal, 503 `storage_unavailable` included, means the server does not have it: only a 202 does.
      this.#markFailed(clientId, error);
      return 'refused';
    }
  }

  /**
   * The server that had the tab did not take a request: open the tab again (here or elsewhere),
   * which sends the unconfirmed messages again. The stream's own failure may be doing it already.
   */
  #reconnectSoon() {
    if (this.#tabId === null || this.#stopped) return;
    const after = this.#stream?.lastEventId ?? '';
    this.#stream?.close();
    this.#stream = null;
    this.#tabId = null;
    this.#store.set('connection', 'reconnecting');
    void this.#sleep().then(() => {
      if (!this.#stopped) void this.#connect(after);
    });
  }

  async #upload(clientId, file) {
    try {
      const tabId = await this.#waitForTab();
      const { sendFile } = await import('./uploads.js');
      const answer = await sendFile(this.#api.tabPath(tabId, '/files'), file, clientId, (percent) => {
        this.#store.setProgress(clientId, percent);
        this.dispatchEvent(new CustomEvent('uploadProgress'));
      });
      if (typeof answer?.id === 'string') this.#store.markAccepted(clientId, answer.id);
    } catch (error) {
      if (failedOnTheWay(error)) {
        this.#queuedUploads.add(clientId);
        if (!(error instanceof ApiError && error.code === 'not_connected')) this.#reconnectSoon();
        return;
      }
      this.#markFailed(clientId, error);
    }
  }

  #waitForTab() {
    if (this.#tabId !== null) return Promise.resolve(this.#tabId);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const index = this.#tabWaiters.indexOf(waiter);
        if (index >= 0) this.#tabWaiters.splice(index, 1);
        reject(new ApiError(0, 'not_connected', 'Not connected to the chat service.'));
      }, REQUEST_TIMEOUT_MS);
      const waiter = (tabId) => {
        clearTimeout(timer);
        resolve(tabId);
      };
      this.#tabWaiters.push(waiter);
    });
  }

  #nextBackoff() {
    const wait = this.#backoff;
    this.#backoff = Math.min(this.#backoff * 2, BACKOFF_MAX_MS);
    // Jitter keeps many pages from retrying in step after a server restart.
    return wait / 2 + Math.random() * (wait / 2);
  }
}

function errorText(error) {
  if (typeof error === 'string' && error !== '') return error;
  if (error && typeof error.message === 'string' && error.message !== '') return error.message;
  return 'The request failed.';
}

// sessionStorage: per browser tab, kept across reloads, gone when the browser tab closes. Frames
// of one page share it, so a named frame (the preview's, the gallery's) keeps its own tab.
const TAB_KEY_PREFIX = `webim-widget.tab.${globalThis.name ? `${globalThis.name}.` : ''}`;

/**
 * The tab this browser tab keeps for `location`: read it (no `tabId`), remember one, or forget it
 * (`null`; its visitor stays on the server until it expires). Storage can be disabled; then every
 * load is a new visitor.
 * @param {string} location
 * @param {string | null} [tabId]
 * @returns {string | null}
 */
export function keptTab(location, tabId) {
  const key = TAB_KEY_PREFIX + location;
  try {
    if (tabId === undefined) return sessionStorage.getItem(key);
    if (tabId === null) {
      sessionStorage.removeItem(key);
      sessionStorage.removeItem(CREDENTIAL_KEY_PREFIX + location);
    } else sessionStorage.setItem(key, tabId);
  } catch {
    // Not kept.
  }
  return null;
}

// Beside the tab id, and forgotten with it: the visitor credential a server sealed for that tab.
// Only this page and the servers see it (an embedding site's script runs in another origin).
const CREDENTIAL_KEY_PREFIX = `webim-widget.credential.${globalThis.name ? `${globalThis.name}.` : ''}`;

/**
 * The sealed visitor credential this browser tab keeps for its tab at `location`: read it (no
 * `credential`), or remember the newest one.
 * @param {string} location
 * @param {string} [credential]
 * @returns {string | null}
 */
function keptCredential(location, credential) {
  const key = CREDENTIAL_KEY_PREFIX + location;
  try {
    if (credential === undefined) return sessionStorage.getItem(key);
    sessionStorage.setItem(key, credential);
  } catch {
    // Not kept: a server that does not hold the tab starts a new visitor.
  }
  return null;
}
