// One chat on this page: the visitor's actions (send, edit, delete, upload, keyboard, typing, rating, …) through the
// outbox (outbox.js) to the tab, and the tab's events (connection.js) into the store, each as event-effects.js says.

import { ApiError } from '../shared/api.js';
import { TabConnection } from './connection.js';
import { effectsOf } from './event-effects.js';
import { TabEventStream } from './events.js';
import { VisitorKeeper } from './kept-visitor.js';
import { failedOnTheWay, makeClientId, Outbox } from './outbox.js';
import { TabSync } from './tab-sync.js';
import { TypingThrottle } from './typing-throttle.js';

/** At most one typing report per this many milliseconds. */
export const TYPING_INTERVAL_MS = 1000;

/**
 * Connects the page's store to one tab on the server. Emits `operatorMessage` (a new operator message arrived live,
 * not from a snapshot or history; detail: the message), `messageAdded` (any new live message; detail: the message), `uploadProgress` and
 * `result` (detail: the `result` event plus the `kind` of action it answers; only for this browser tab's actions) and
 * `transientError` (the chat service could not be reached or answered with an error; detail: `{type, message}`).
 */
export class ChatSession extends EventTarget {
  #api;
  #store;
  #keeper;
  #connection;
  /** @type {(code: string) => string | null} */
  #wording;
  #outbox = new Outbox();
  /** Callers waiting for an action's outcome (`request`): clientId → resolve. */
  #answers = new Map();
  #isPosting = false;
  #readPending = false;
  #stopped = false;
  #typing;

  /**
   * @param {object} deps
   * @param {import('./api.js').ApiClient} deps.api
   * @param {import('./store.js').ChatStore} deps.store
   * @param {string} deps.location The Webim location this page chats in.
   * @param {{kiosk?: boolean, coreLog?: string}} [deps.tab] What the tab is created with: a shared screen's
   *   (`kiosk`: the server tells its browser to store no file), and the core log's verbosity (`coreLog`).
   * @param {VisitorKeeper} [deps.keeper] Where the visitor is kept (kept-visitor.js); one per browser tab by default.
   * @param {(url: string) => TabEventStream} [deps.makeStream] Replaceable for tests.
   * @param {(code: string) => string | null} [deps.wording] The page's own sentence for an error
   *   code (the storage budgets), in the visitor's language; null leaves the server's message.
   */
  constructor({ api, store, location, tab = {}, keeper, makeStream = (url) => new TabEventStream(url), wording = () => null }) {
    super();
    this.#api = api;
    this.#store = store;
    this.#wording = wording;
    this.#keeper = keeper ?? new VisitorKeeper({ location, scope: 'tab' });
    this.#connection = new TabConnection({
      api,
      keeper: this.#keeper,
      fields: { location, ...tab },
      makeStream,
      sync: new TabSync({ name: this.#keeper.key, ...(this.#keeper.scope === 'tab' ? { locks: null } : {}) }),
    });
    this.#typing = new TypingThrottle({ intervalMs: TYPING_INTERVAL_MS, send: (draft) => this.#sendDraft(draft) });
    this.#connection.addEventListener('event', (event) => {
      const { name, data } = /** @type {CustomEvent} */ (event).detail;
      this.#apply(name, data);
    });
    this.#connection.addEventListener('state', (event) => this.#store.set('connection', /** @type {CustomEvent} */ (event).detail.state));
    // Each time a server opens the tab, what no server has confirmed goes again (the one that took it may be gone
    // with its outbox); the service keeps one of each.
    this.#connection.addEventListener('opened', () => {
      this.#outbox.opened();
      this.#resendUnconfirmed();
    });
  }

  /**
   * The sentence a refusal shows: the page's own (`wording`, by the error's code; `''` when it has none), else the
   * error's own text (a page without wording: the tests').
   * @param {unknown} error An `ApiError`, or a `result` event's `error`.
   * @returns {string}
   */
  describe(error) {
    const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
    return this.#wording(code) || errorText(error);
  }

  /** @returns {string | null} The tab id while a server has the tab open. */
  get tabId() {
    return this.#connection.tabId;
  }

  /** @returns {string | null} The tab of the kept visitor, open or not: what an erase deletes. */
  get keptTabId() {
    return this.#connection.tabId ?? this.#keeper.read()?.tabId ?? null;
  }

  /** @returns {string | null} The tab this page claimed from the kept visitor, open or still opening. */
  get claimedTabId() {
    return this.#connection.claimedTabId;
  }

  /** @returns {VisitorKeeper} Where this page keeps its visitor. */
  get keeper() {
    return this.#keeper;
  }

  /** Creates the tab and brings its events in, retrying with backoff until it works. */
  start() {
    this.#connection.start();
  }

  /** Closes the event stream; the session does nothing more. */
  stop() {
    this.#stopped = true;
    this.#connection.stop();
  }

  /**
   * Shows the message at once, then sends it.
   * @param {string} text
   * @param {{quote?: import('./store.js').Message, data?: object, hintQuestion?: boolean}} [options] `hintQuestion`: the text is a suggestion chosen unchanged
   */
  send(text, { quote, data, hintQuestion } = {}) {
    const clientId = makeClientId();
    const quoteView = quote ? { state: 'filled', messageId: quote.id, text: quote.text, senderName: quote.senderName, type: quote.type } : null;
    this.#store.addOutgoing({ clientId, text, quote: quoteView });
    const body = { text, clientId };
    if (quote) body.quotedMessageId = quote.id;
    if (data) body.data = data;
    if (hintQuestion) body.hintQuestion = true;
    this.#outbox.addMessage(clientId, body);
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
    const file = this.#outbox.fileOf(clientId);
    if (file) void this.#upload(clientId, /** @type {File} */ (file));
    else {
      this.#outbox.retryMessage(clientId, { text: entry.message.text, clientId });
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
    this.#outbox.addFile(clientId, file);
    void this.#upload(clientId, file);
  }

  /**
   * The path of a route under this page's tab, once the tab exists (the file tray's uploads).
   * @param {string} rest
   * @returns {Promise<string>}
   */
  async tabPath(rest) {
    return this.#api.tabPath(await this.#connection.waitForTab(), rest);
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
    this.#outbox.addAction(clientId, 'delete', messageId);
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
   * Answers the open survey question, or closes the survey; the outcome comes as a `result` of kind `survey`.
   * @param {'answer' | 'close'} action
   * @param {string} [answer] Stars `1`–`5`, an option's 1-based number, or a comment.
   */
  survey(action, answer) {
    // JSON leaves out an undefined `answer`: closing sends the action alone.
    void this.act('survey', 'POST', '/survey', { action, answer });
  }

  /**
   * Reports the visitor's draft: at most once per TYPING_INTERVAL_MS, and null at once.
   * @param {string | null} draft
   */
  typing(draft) {
    this.#typing.draft(draft);
  }

  /** Marks the messages read (at most one request at a time); every tab of the visitor hears it. */
  async markRead() {
    const tabId = this.#connection.tabId;
    if (this.#readPending || tabId === null) return;
    this.#readPending = true;
    try {
      await this.#api.request('POST', this.#api.tabPath(tabId, '/read'));
      this.#store.set('unread', { count: 0, time: null });
    } catch (error) {
      console.warn('Could not mark messages read', error);
    } finally {
      this.#readPending = false;
    }
  }

  /** Loads the page of messages before the oldest one shown (history.js, loaded then). */
  async loadOlder() {
    const tabId = this.#connection.tabId;
    if (tabId !== null) await (await import('./history.js')).loadOlder(this.#api, this.#store, tabId);
  }

  /**
   * Reads the upload limits afresh before files are checked: the snapshot's copy may be the
   * server's defaults from before the service answered. The last known limits stay on failure.
   */
  async loadLimits() {
    const tabId = this.#connection.tabId;
    if (tabId === null) return;
    try {
      this.#store.set('limits', await this.#api.request('GET', this.#api.tabPath(tabId, '/limits')));
    } catch (error) {
      console.warn('Could not read the upload limits', error);
    }
  }

  /** @returns {string | null} The transcript download URL once the tab exists. */
  transcriptUrl() {
    const tabId = this.#connection.tabId;
    return tabId === null ? null : this.#api.tabPath(tabId, '/transcript');
  }

  /** @param {string | null} draft */
  #sendDraft(draft) {
    const tabId = this.#connection.tabId;
    if (tabId === null) return;
    this.#api.request('POST', this.#api.tabPath(tabId, '/typing'), { draft }).catch((error) => {
      console.warn('Could not report typing', error);
    });
  }

  /**
   * Performs an action as `act` does, and resolves with its outcome (its `result`, or the refusal of the request).
   * @param {string} kind
   * @param {string} method
   * @param {string} path
   * @param {object} body
   * @returns {Promise<{ok: boolean, error?: {code?: string, message?: string} | null}>}
   */
  request(kind, method, path, body) {
    const clientId = makeClientId();
    return new Promise((resolve) => {
      this.#answers.set(clientId, resolve);
      this.#outbox.addAction(clientId, kind);
      void this.#call(method, path, { ...body, clientId }, clientId);
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
    this.#outbox.addAction(clientId, kind, messageId);
    if (messageId) this.#store.setMessageError(messageId, null);
    await this.#call(method, path, { ...body, clientId }, clientId);
  }

  async #call(method, path, body, clientId) {
    try {
      const tabId = await this.#connection.waitForTab();
      await this.#api.request(method, this.#api.tabPath(tabId, path), body);
      if (this.#outbox.get(clientId)?.kind === 'chat') this.#finish({ clientId, ok: true, error: null });
    } catch (error) {
      if (error instanceof ApiError && error.status === 503) return;
      const code = error instanceof ApiError ? error.code : undefined;
      this.#finish({ clientId, ok: false, error: { code, message: this.describe(error) } });
    }
  }

  /** Applies a `result` (from the stream, or a refused request); another browser tab's is not this page's. */
  #finish(result) {
    const pending = this.#outbox.finish(result.clientId, result.ok);
    if (pending === undefined) return;
    this.#answers.get(result.clientId)?.(result);
    this.#answers.delete(result.clientId);
    if (!result.ok) {
      if (this.#store.findOutgoing(result.clientId)) this.#markFailed(result.clientId, result.error);
      else if (pending.messageId) this.#store.setMessageError(pending.messageId, this.describe(result.error));
    }
    this.dispatchEvent(new CustomEvent('result', { detail: { ...result, kind: pending.kind } }));
  }

  /**
   * Marks a message or file not sent, with the sentence for `error`, and without Retry when sending it again
   * would meet the same refusal.
   * @param {string} clientId
   * @param {unknown} error
   */
  #markFailed(clientId, error) {
    // The visitor's budget stays spent until retention frees it: a Retry would only be refused again.
    this.#store.markFailed(clientId, this.describe(error), /** @type {any} */ (error)?.code === 'visitor_budget_exceeded');
  }

  /** Whether the page still shows the message or file as on its way (a server's copy no longer so confirms it). */
  #isSending = (/** @type {string} */ clientId) => this.#store.findOutgoing(clientId)?.sendStatus === 'sending';

  /** Sends again, with the same clientIds, what no server has confirmed: uploads lost on the way, then messages. */
  #resendUnconfirmed() {
    for (const [clientId, file] of this.#outbox.takeLostUploads(this.#isSending)) void this.#upload(clientId, /** @type {File} */ (file));
    void this.#sendInOrder();
  }

  /**
   * Posts the messages one at a time, in the order the visitor wrote them, so that the service stores them in that
   * order whichever server takes each; stops when one is lost on the way.
   */
  async #sendInOrder() {
    if (this.#isPosting) return;
    this.#isPosting = true;
    try {
      for (let next = this.#outbox.nextMessage(this.#isSending); next !== undefined && !this.#stopped; next = this.#outbox.nextMessage(this.#isSending)) {
        const [clientId, body] = next;
        const opening = this.#outbox.opening;
        const outcome = await this.#post(clientId, body);
        if (outcome === 'lost') return;
        if (outcome === 'taken') this.#outbox.taken(clientId, opening);
      }
    } finally {
      this.#isPosting = false;
    }
  }

  /**
   * Posts one message: `taken` (202: on the server's disk), `refused` (shown failed, with Retry), or `lost` on the
   * way (it stays `sending`, and goes again to whichever server continues the tab).
   * @returns {Promise<'taken' | 'refused' | 'lost'>}
   */
  async #post(clientId, body) {
    try {
      const tabId = await this.#connection.waitForTab();
      const messageId = await this.#api.sendMessage(tabId, body);
      this.#store.markAccepted(clientId, messageId);
      return 'taken';
    } catch (error) {
      if (failedOnTheWay(error)) {
        if (!(error instanceof ApiError && error.code === 'not_connected')) this.#connection.reconnectSoon();
        return 'lost';
      }
      // Any refusal, 503 `storage_unavailable` included, means the server does not have it: only a 202 does.
      this.#markFailed(clientId, error);
      return 'refused';
    }
  }

  async #upload(clientId, file) {
    try {
      const tabId = await this.#connection.waitForTab();
      const { sendFile } = await import('./file-upload.js');
      const answer = await sendFile(this.#api.tabPath(tabId, '/files'), file, clientId, (percent) => {
        this.#store.setProgress(clientId, percent);
        this.dispatchEvent(new CustomEvent('uploadProgress'));
      });
      if (typeof answer?.id === 'string') this.#store.markAccepted(clientId, answer.id);
    } catch (error) {
      if (failedOnTheWay(error)) {
        this.#outbox.uploadLost(clientId);
        if (!(error instanceof ApiError && error.code === 'not_connected')) this.#connection.reconnectSoon();
        return;
      }
      this.#markFailed(clientId, error);
    }
  }

  /** Does what a tab event does (event-effects.js), in its order. */
  #apply(name, data) {
    for (const effect of effectsOf(name, data)) {
      if ('store' in effect) this.#store[effect.store](...effect.args);
      else if ('emit' in effect) this.dispatchEvent(new CustomEvent(effect.emit, { detail: effect.detail }));
      else if ('finish' in effect) this.#finish(effect.finish);
      else if ('stop' in effect) this.stop();
      else console[effect.log](effect.text, effect.data);
    }
  }
}

function errorText(error) {
  if (typeof error === 'string' && error !== '') return error;
  if (error && typeof error.message === 'string' && error.message !== '') return error.message;
  return 'The request failed.';
}
