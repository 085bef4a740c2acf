// The page's outbox: the visitor's actions from the moment they are made until the service has answered them. A
// state machine with no I/O (session.js performs what it says), so its rules are tested without a server.
//
// A message counts as delivered only once the service has it: its `result`, or a server's copy that is no longer
// `sending`. A server's 202 alone is not enough (that server's outbox may die with it), so each time a server opens
// the tab again (`opened`), every message it has not confirmed goes again, in the order the visitor wrote them,
// with its clientId (the service keeps one). Here too, the rules the outbox keeps its entries by: a fresh clientId
// for each action, and which failures leave one to go again.

import { ApiError } from '../shared/api.js';

/**
 * One action waiting for its outcome.
 * @typedef {object} OutboxEntry
 * @property {string} kind `message`, `file`, `delete`, `edit`, `keyboard`, `rating`, `chat`, …
 * @property {object} [body] A message's request body.
 * @property {string} [messageId] The message whose error line the outcome fills.
 * @property {unknown} [file] An upload's file, kept for Retry.
 * @property {number} takenBy The opening of the tab whose server answered 2xx for it (-1: none yet).
 */

/**
 * A fresh clientId: 32 lowercase hex characters (128 random bits).
 * @returns {string}
 */
export function makeClientId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a request failed on the way rather than being refused: the server that had the tab is gone (no answer, a
 * proxy's 502 or 504, another server's 404 or 503 while it drains). It goes again, with its clientId, once a server
 * has the tab.
 * @param {unknown} error
 */
export function failedOnTheWay(error) {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 502 || error.status === 504 || error.code === 'unknown_tab' || error.code === 'draining';
}

export class Outbox {
  /** @type {Map<string, OutboxEntry>} In the order the visitor made them. */
  #entries = new Map();
  /** Uploads lost on the way, sent again once a server has the tab. */
  #lostUploads = new Set();
  /** Counts the times a server opened the tab for this page. */
  #opening = 0;

  /** @returns {number} The current opening of the tab. */
  get opening() {
    return this.#opening;
  }

  /** A server opened the tab (again): what an earlier one took but did not confirm goes again. */
  opened() {
    this.#opening += 1;
  }

  /**
   * @param {string} clientId
   * @param {object} body
   */
  addMessage(clientId, body) {
    this.#entries.set(clientId, { kind: 'message', body, takenBy: -1 });
  }

  /**
   * @param {string} clientId
   * @param {unknown} file
   */
  addFile(clientId, file) {
    this.#entries.set(clientId, { kind: 'file', file, takenBy: -1 });
  }

  /**
   * Any other action, answered by one `result` (or refused at once).
   * @param {string} clientId
   * @param {string} kind
   * @param {string} [messageId]
   */
  addAction(clientId, kind, messageId) {
    this.#entries.set(clientId, { kind, messageId, takenBy: -1 });
  }

  /** @param {string} clientId */
  has(clientId) {
    return this.#entries.has(clientId);
  }

  /**
   * @param {string} clientId
   * @returns {OutboxEntry | undefined}
   */
  get(clientId) {
    return this.#entries.get(clientId);
  }

  /**
   * The visitor sends a failed message again: last in the order now, after what came since.
   * @param {string} clientId
   * @param {object} body Its body, when the outbox no longer has it.
   */
  retryMessage(clientId, body) {
    const kept = this.#entries.get(clientId)?.body ?? body;
    this.#entries.delete(clientId);
    this.#entries.set(clientId, { kind: 'message', body: kept, takenBy: -1 });
  }

  /**
   * The first message, in the visitor's order, that this opening's server has not taken and that is still on its
   * way (`isSending`: the page shows it `sending`; a server's copy that is no longer so confirms it).
   * @param {(clientId: string) => boolean} isSending
   * @returns {[string, object] | undefined} Its clientId and body.
   */
  nextMessage(isSending) {
    for (const [clientId, entry] of this.#entries) {
      if (entry.kind !== 'message' || !entry.body || entry.takenBy === this.#opening) continue;
      if (isSending(clientId)) return [clientId, entry.body];
    }
    return undefined;
  }

  /**
   * A server answered 2xx for it during `opening`.
   * @param {string} clientId
   * @param {number} opening
   */
  taken(clientId, opening) {
    const entry = this.#entries.get(clientId);
    if (entry) entry.takenBy = opening;
  }

  /** @param {string} clientId An upload lost on the way. */
  uploadLost(clientId) {
    this.#lostUploads.add(clientId);
  }

  /**
   * The lost uploads to send again now that a server has the tab, with their files; forgets them as lost.
   * @param {(clientId: string) => boolean} isSending
   * @returns {Array<[string, unknown]>}
   */
  takeLostUploads(isSending) {
    const again = [];
    for (const clientId of this.#lostUploads) {
      const entry = this.#entries.get(clientId);
      if (entry?.file !== undefined && isSending(clientId)) again.push([clientId, entry.file]);
    }
    this.#lostUploads.clear();
    return again;
  }

  /**
   * The upload's file, for Retry.
   * @param {string} clientId
   */
  fileOf(clientId) {
    return this.#entries.get(clientId)?.file;
  }

  /**
   * The action's outcome came: it leaves the outbox, except a failed upload, whose file stays for Retry.
   * @param {string} clientId
   * @param {boolean} ok
   * @returns {OutboxEntry | undefined} What it was; undefined for an action another browser tab made.
   */
  finish(clientId, ok) {
    const entry = this.#entries.get(clientId);
    if (entry === undefined) return undefined;
    if (!ok && entry.kind === 'file') entry.takenBy = -1;
    else this.#entries.delete(clientId);
    return entry;
  }
}
