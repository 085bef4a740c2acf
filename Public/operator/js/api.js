// HTTP calls to the console API under /operator/api, through the page kit's JsonApi: every failure
// is an ApiError (`shared/api.js`) carrying the service's `{"error": {"code", "message", "field"}}`
// body, or a local code when there is none.

import { JsonApi } from '../../shared/api.js';

/** How long one request may take before it counts as failed, in milliseconds. */
export const REQUEST_TIMEOUT_MS = 30000;

/**
 * A visitor and their current chat, as `GET /operator/api/chats` lists them.
 * @typedef {object} ConsoleChat
 * @property {string} visitorId
 * @property {string} visitorName
 * @property {string} location
 * @property {boolean} banned
 * @property {boolean} scenarioPaused
 * @property {Record<string, string>} fields
 * @property {object | null} [chat] The wire chat: `state`, `operator`, `messages`, …
 */

/**
 * A location: its online status and departments.
 * @typedef {object} ConsoleLocation
 * @property {string} name
 * @property {string} onlineStatus
 * @property {Array<{key: string, name: string, online: string}>} departments
 */

/** Talks JSON to the console API. */
export class ConsoleApi extends JsonApi {
  /** @param {string} [base] The API's path prefix. */
  constructor(base = '/operator/api') {
    super({ timeoutMs: REQUEST_TIMEOUT_MS, base, peer: 'service' });
  }

  /** @returns {string} The URL of the console's event stream. */
  get eventsUrl() {
    return this.url('/events');
  }

  /** @returns {Promise<ConsoleChat[]>} Every visitor, newest first. */
  chats() {
    return this.request('GET', '/chats');
  }

  /**
   * @param {string} visitorId
   * @returns {Promise<ConsoleChat>}
   */
  visitor(visitorId) {
    return this.request('GET', this.visitorPath(visitorId));
  }

  /** @returns {Promise<ConsoleLocation[]>} */
  locations() {
    return this.request('GET', '/locations');
  }

  /**
   * The URL of one of a visitor's files, for links and previews.
   * @param {string} visitorId
   * @param {string} guid
   * @returns {string}
   */
  fileUrl(visitorId, guid) {
    return this.url(`${this.visitorPath(visitorId)}/files/${encodeURIComponent(guid)}`);
  }

  /**
   * `POST /visitors/{id}/{action}`: join, messages, keyboard, files, typing, read, transfer, close, ban, scenario.
   * @param {string} visitorId
   * @param {string} action
   * @param {object} [body]
   * @returns {Promise<{result: string, messageId?: string}>}
   */
  act(visitorId, action, body = {}) {
    return this.request('POST', `${this.visitorPath(visitorId)}/${action}`, body);
  }

  /**
   * Edits an operator text message.
   * @param {string} visitorId
   * @param {string} messageId
   * @param {string} text
   */
  editMessage(visitorId, messageId, text) {
    return this.request('PATCH', `${this.visitorPath(visitorId)}/messages/${encodeURIComponent(messageId)}`, {
      text,
    });
  }

  /**
   * Deletes an operator-side message.
   * @param {string} visitorId
   * @param {string} messageId
   */
  deleteMessage(visitorId, messageId) {
    return this.request('DELETE', `${this.visitorPath(visitorId)}/messages/${encodeURIComponent(messageId)}`);
  }

  /**
   * Sets a location's online status.
   * @param {string} location
   * @param {string} onlineStatus `online`, `busy_online`, `offline` or `busy_offline`.
   */
  setOnlineStatus(location, onlineStatus) {
    return this.request('POST', `/locations/${encodeURIComponent(location)}/status`, { onlineStatus });
  }

  /**
   * @param {string} visitorId
   * @returns {string}
   */
  visitorPath(visitorId) {
    return `/visitors/${encodeURIComponent(visitorId)}`;
  }
}
