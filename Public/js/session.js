// One chat on this page: creates the tab, keeps its event stream open, feeds events to the store
// and sends the visitor's messages.

import { ApiError, REQUEST_TIMEOUT_MS } from './api.js';
import { EventStream } from './events.js';

/** First and longest wait before creating a tab again after a failure, in milliseconds. */
const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30000;

/**
 * A fresh message clientId: 32 lowercase hex characters (128 random bits).
 * @returns {string}
 */
export function makeClientId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Connects the page's store to one tab on the server. */
export class ChatSession {
  #api;
  #store;
  #location;
  #makeStream;
  /** @type {string | null} */
  #tabId = null;
  /** @type {EventStream | null} */
  #stream = null;
  /** @type {Array<(tabId: string) => void>} */
  #tabWaiters = [];
  #backoff = BACKOFF_MIN_MS;
  #stopped = false;

  /**
   * @param {object} deps
   * @param {import('./api.js').ApiClient} deps.api
   * @param {import('./store.js').ChatStore} deps.store
   * @param {string} deps.location The Webim location this page chats in.
   * @param {(url: string) => EventStream} [deps.makeStream] Replaceable for tests.
   */
  constructor({ api, store, location, makeStream = (url) => new EventStream(url) }) {
    this.#api = api;
    this.#store = store;
    this.#location = location;
    this.#makeStream = makeStream;
  }

  /** Creates the tab and opens its event stream, retrying with backoff until it works. */
  start() {
    this.#store.setConnection('connecting');
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
   */
  send(text) {
    const clientId = makeClientId();
    this.#store.addOutgoing({ clientId, text });
    void this.#post(clientId, text);
  }

  /**
   * Sends a failed message again with its original clientId, so the server cannot store it twice.
   * @param {string} clientId
   */
  retry(clientId) {
    const entry = this.#store.findOutgoing(clientId);
    if (entry === undefined || entry.confirmed || entry.sendStatus !== 'failed') return;
    this.#store.markSending(clientId);
    void this.#post(clientId, entry.message.text);
  }

  async #connect() {
    while (!this.#stopped) {
      try {
        const tabId = await this.#api.createTab({ location: this.#location });
        if (this.#stopped) return;
        this.#tabId = tabId;
        for (const resolve of this.#tabWaiters.splice(0)) resolve(tabId);
        this.#openStream(tabId);
        return;
      } catch (error) {
        console.warn('Could not create a chat tab; retrying', error);
        this.#store.setConnection('reconnecting');
        await delay(this.#nextBackoff());
      }
    }
  }

  #openStream(tabId) {
    const stream = this.#makeStream(this.#api.eventsUrl(tabId));
    this.#stream = stream;
    stream.addEventListener('state', (event) => {
      if (stream !== this.#stream) return;
      const { state } = /** @type {CustomEvent} */ (event).detail;
      if (state === 'live') {
        this.#backoff = BACKOFF_MIN_MS;
        this.#store.setConnection('live');
      } else if (state === 'reconnecting') {
        this.#store.setConnection('reconnecting');
      } else if (state === 'closed') {
        // The server ended the stream for good (an error, or the tab is gone): start a new tab.
        this.#stream = null;
        this.#store.setConnection('reconnecting');
        void delay(this.#nextBackoff()).then(() => this.#connect());
      }
    });
    stream.addEventListener('event', (event) => {
      if (stream !== this.#stream) return;
      const { name, data } = /** @type {CustomEvent} */ (event).detail;
      this.#apply(name, data);
    });
    stream.open();
  }

  #apply(name, data) {
    const store = this.#store;
    switch (name) {
      case 'snapshot':
        store.applySnapshot(data);
        break;
      case 'message.added':
        if (data.message) store.addMessage(data.message, data.beforeId ?? null);
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
        store.setOperator(data.operator ?? null);
        break;
      case 'operator.typing':
        store.setOperatorTyping(Boolean(data.typing));
        break;
      case 'chat.state':
        if (typeof data.state === 'string') store.setChatState(data.state);
        break;
      case 'result':
        if (data.ok === false && typeof data.clientId === 'string') {
          store.markFailed(data.clientId, errorText(data.error));
        }
        break;
      case 'error.fatal':
        console.error('The chat service reported a fatal error', data);
        this.stop();
        store.setConnection('failed');
        break;
      case 'error.transient':
        console.warn('The chat service reported a transient error', data);
        break;
      default:
        break;
    }
  }

  async #post(clientId, text) {
    let tabId;
    try {
      tabId = await this.#waitForTab();
    } catch (error) {
      this.#store.markFailed(clientId, errorText(error));
      return;
    }
    try {
      const messageId = await this.#api.sendMessage(tabId, { text, clientId });
      this.#store.markAccepted(clientId, messageId);
    } catch (error) {
      // 503 means the server queued the message and will deliver it when the service is back.
      if (error instanceof ApiError && error.status === 503) return;
      this.#store.markFailed(clientId, errorText(error));
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

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function errorText(error) {
  if (typeof error === 'string' && error !== '') return error;
  if (error && typeof error.message === 'string' && error.message !== '') return error.message;
  return 'The message was not sent.';
}
