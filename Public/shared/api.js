// JSON over HTTP for the widget's and the console's pages. Every failure becomes an ApiError
// carrying the answer's `{"error": {"code", "message", "field"}}` body (or a protocol-style bare
// string code), or a local code when no such body could be read: `network_error`, `timeout`,
// `bad_response`. Sentences name the other side as the page knows it: the `server` or the `service`.

/** A failed API call: `status` is the HTTP status (0 when the request never got an answer). */
export class ApiError extends Error {
  /**
   * @param {number} status HTTP status, or 0 for a network failure or timeout.
   * @param {string} code The answer's code, or a local one (`network_error`, `timeout`, `bad_response`).
   * @param {string} message A human sentence.
   * @param {string | null} [field] The request field the answer complained about.
   */
  constructor(status, code, message, field = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** Sends JSON requests under one path prefix and decodes the answers. */
export class JsonApi {
  #base;
  #timeoutMs;
  #peer;

  /**
   * @param {object} options
   * @param {number} options.timeoutMs How long one request may take before it counts as failed, in milliseconds.
   * @param {string} [options.base] The path prefix of every request.
   * @param {string} [options.peer] What the error sentences call the other side (`server`, `service`).
   */
  constructor({ timeoutMs, base = '', peer = 'server' }) {
    this.#base = base;
    this.#timeoutMs = timeoutMs;
    this.#peer = peer;
  }

  /**
   * The URL of a path under the prefix, for requests and for links (an event stream, a file).
   * @param {string} path
   * @returns {string}
   */
  url(path) {
    return this.#base + path;
  }

  /**
   * Sends one JSON request and returns the decoded JSON answer (null for an empty body).
   * @param {string} method
   * @param {string} path Relative to the prefix.
   * @param {unknown} [body]
   * @returns {Promise<any>} Rejects with an ApiError.
   */
  async request(method, path, body) {
    /** @type {RequestInit} */
    const init = { method, headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(this.#timeoutMs) };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(this.url(path), init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new ApiError(0, 'timeout', `The ${this.#peer} took too long to answer.`);
      }
      throw unreachable(this.#peer);
    }
    return decode(response.status, await response.text().catch(() => ''), this.#peer);
  }
}

/**
 * Decodes an answer's JSON, turning an error status into an ApiError.
 * @param {number} status
 * @param {string} text The answer's body.
 * @param {string} [peer] What the error sentences call the other side.
 * @returns {any} The decoded JSON, or null for an empty body.
 */
export function decode(status, text, peer = 'server') {
  let json = null;
  if (text !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (status < 200 || status > 299) throw errorFrom(status, json, peer);
  if (text !== '' && json === null) {
    throw new ApiError(status, 'bad_response', `The ${peer} sent an answer that is not JSON.`);
  }
  return json;
}

/**
 * The ApiError for a request that got no answer at all.
 * @param {string} [peer] What the sentence calls the other side.
 * @returns {ApiError}
 */
export function unreachable(peer = 'server') {
  return new ApiError(0, 'network_error', `The ${peer} could not be reached.`);
}

/** The ApiError for a failed answer: errors are objects, protocol-style ones a bare string. */
function errorFrom(status, json, peer) {
  const error = json?.error;
  if (typeof error === 'string') return new ApiError(status, error, `The ${peer} answered ${status} (${error}).`);
  const code = typeof error?.code === 'string' ? error.code : `http_${status}`;
  const given = typeof error?.message === 'string' ? error.message : '';
  const message = given !== '' ? given : `The ${peer} answered ${status}.`;
  const field = typeof error?.field === 'string' ? error.field : null;
  return new ApiError(status, code, message, field);
}
