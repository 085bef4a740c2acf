// HTTP calls to the console API under /operator/api. Every failure becomes an ApiError carrying the
// service's `{"error": {"code", "message", "field"}}` body, or a local code when there is none.

/** How long one request may take before it counts as failed, in milliseconds. */
export const REQUEST_TIMEOUT_MS = 30000;

/** A failed API call: `status` is the HTTP status (0 when the request never got an answer). */
export class ApiError extends Error {
  /**
   * @param {number} status HTTP status, or 0 for a network failure or timeout.
   * @param {string} code A code from the service, or a local one (`network_error`, `timeout`, `bad_response`).
   * @param {string} message A human sentence.
   * @param {string | null} [field] The request field the service complained about.
   */
  constructor(status, code, message, field = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

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
export class ConsoleApi {
  #fetch;
  #base;

  /**
   * @param {object} [options]
   * @param {typeof fetch} [options.fetch] The fetch to use (tests may pass their own).
   * @param {string} [options.base] The API's path prefix.
   */
  constructor({ fetch = globalThis.fetch.bind(globalThis), base = '/operator/api' } = {}) {
    this.#fetch = fetch;
    this.#base = base;
  }

  /** @returns {string} The URL of the console's event stream. */
  get eventsUrl() {
    return `${this.#base}/events`;
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
    return `${this.#base}${this.visitorPath(visitorId)}/files/${encodeURIComponent(guid)}`;
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

  /**
   * Sends one JSON request and returns the decoded answer (null for an empty body).
   * @param {string} method
   * @param {string} path Relative to the API prefix.
   * @param {unknown} [body]
   * @returns {Promise<any>}
   * @throws {ApiError}
   */
  async request(method, path, body) {
    /** @type {RequestInit} */
    const init = { method, headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await this.#fetch(this.#base + path, init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new ApiError(0, 'timeout', 'The service took too long to answer.');
      }
      throw new ApiError(0, 'network_error', 'The service could not be reached.');
    }
    const text = await response.text().catch(() => '');
    let json = null;
    if (text !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
    }
    if (!response.ok) throw errorFrom(response.status, json);
    if (text !== '' && json === null) {
      throw new ApiError(response.status, 'bad_response', 'The service sent an answer that is not JSON.');
    }
    return json;
  }
}

/** The ApiError for a failed answer: console errors are objects, protocol-style ones a bare string. */
function errorFrom(status, json) {
  const error = json?.error;
  if (typeof error === 'string') return new ApiError(status, error, `The service answered ${status} (${error}).`);
  const code = typeof error?.code === 'string' ? error.code : `http_${status}`;
  const message = typeof error?.message === 'string' && error.message !== '' ? error.message : `HTTP ${status}`;
  const field = typeof error?.field === 'string' ? error.field : null;
  return new ApiError(status, code, message, field);
}
