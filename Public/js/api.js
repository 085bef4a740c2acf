// HTTP calls to the widget server. Every failure becomes an ApiError carrying the server's
// `{"error": {"code", "message"}}` body, or a local code when no such body could be read.

/** How long one request may take before it counts as failed, in milliseconds. */
export const REQUEST_TIMEOUT_MS = 15000;

/** A failed API call: `status` is the HTTP status (0 when the request never got an answer). */
export class ApiError extends Error {
  /**
   * @param {number} status HTTP status, or 0 for a network failure or timeout.
   * @param {string} code The server's snake_case code, or `network_error`, `timeout`, `bad_response`.
   * @param {string} message A human sentence.
   */
  constructor(status, code, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** Talks JSON to this origin's `/api` routes. */
export class ApiClient {
  /**
   * Creates a tab (one chat session on the server), or resumes the one named by `resume`.
   * @param {{location?: string, locale?: string, resume?: string | null, kiosk?: boolean}} fields
   * @returns {Promise<string>} The tab id.
   */
  async createTab(fields) {
    return requireString(await this.request('POST', '/api/tabs', fields), 'tabId');
  }

  /**
   * Sends a visitor message. Retrying with the same clientId is safe: the server deduplicates it.
   * @param {string} tabId
   * @param {{text: string, clientId: string, quotedMessageId?: string, data?: object}} message
   * @returns {Promise<string>} The server's message id.
   */
  async sendMessage(tabId, message) {
    const body = await this.request('POST', this.tabPath(tabId, '/messages'), message);
    return requireString(body, 'id');
  }

  /**
   * A path under one tab, such as `/api/tabs/{tab}/limits`.
   * @param {string} tabId
   * @param {string} [rest]
   * @returns {string}
   */
  tabPath(tabId, rest = '') {
    return `/api/tabs/${encodeURIComponent(tabId)}${rest}`;
  }

  /**
   * Sends one JSON request and returns the decoded JSON answer (null for an empty body).
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<any>} Rejects with an ApiError.
   */
  async request(method, path, body) {
    /** @type {RequestInit} */
    const init = {
      method,
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }

    let response;
    try {
      response = await fetch(path, init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new ApiError(0, 'timeout', 'The server took too long to answer.');
      }
      throw new ApiError(0, 'network_error', 'The server could not be reached.');
    }

    return decode(response.status, await response.text().catch(() => ''));
  }
}

/**
 * Decodes an answer's JSON, turning an error status into an ApiError.
 * @param {number} status
 * @param {string} text
 * @returns {any}
 */
export function decode(status, text) {
  let json = null;
  if (text !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (status < 200 || status > 299) {
    const error = json?.error;
    const code = typeof error?.code === 'string' ? error.code : `http_${status}`;
    const message = typeof error?.message === 'string' ? error.message : `The server answered ${status}.`;
    throw new ApiError(status, code, message);
  }
  if (text !== '' && json === null) {
    throw new ApiError(status, 'bad_response', 'The server sent an answer that is not JSON.');
  }
  return json;
}

function requireString(body, field) {
  const value = body?.[field];
  if (typeof value !== 'string' || value === '') {
    throw new ApiError(200, 'bad_response', `The server's answer has no "${field}".`);
  }
  return value;
}
