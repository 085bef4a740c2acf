// The console's server-sent event stream. The service does not replay missed events, so every
// (re)open is reported and the owner reloads the list; when EventSource gives up for good (the
// service was down when it retried) this module opens a new one after a growing delay.

/** Event names the service sends; each carries JSON data. */
export const CONSOLE_EVENT_NAMES = Object.freeze(['visitor.changed', 'visitor.typing', 'location.changed']);

/** First and longest wait before opening a new stream after EventSource gave up, in milliseconds. */
const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 15000;

/**
 * Connection states: `connecting` before the first open, `live` while open, `reconnecting` after a fault.
 * @typedef {'connecting' | 'live' | 'reconnecting'} StreamState
 */

/**
 * One live stream. Emits `open` each time the stream (re)opens, `event` (detail `{name, data}`) for
 * each service event and `state` (detail `{state}`) when the connection state changes.
 */
export class ConsoleEvents extends EventTarget {
  #url;
  #EventSourceImpl;
  /** @type {EventSource | null} */
  #source = null;
  /** @type {StreamState} */
  #state = 'connecting';
  #backoff = BACKOFF_MIN_MS;
  /** @type {ReturnType<typeof setTimeout> | null} */
  #timer = null;
  #stopped = false;

  /**
   * @param {string} url The stream's URL.
   * @param {object} [options]
   * @param {typeof EventSource} [options.EventSourceImpl] Replaceable for tests.
   */
  constructor(url, { EventSourceImpl = globalThis.EventSource } = {}) {
    super();
    this.#url = url;
    this.#EventSourceImpl = EventSourceImpl;
  }

  /** @returns {StreamState} */
  get state() {
    return this.#state;
  }

  /** Opens the stream; it stays open (reconnecting as needed) until `stop`. */
  start() {
    this.#stopped = false;
    this.#open();
  }

  /** Closes the stream for good. */
  stop() {
    this.#stopped = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#source?.close();
    this.#source = null;
  }

  #open() {
    if (this.#stopped || this.#source !== null) return;
    const source = new this.#EventSourceImpl(this.#url);
    this.#source = source;
    source.addEventListener('open', () => {
      this.#backoff = BACKOFF_MIN_MS;
      this.#setState('live');
      this.dispatchEvent(new CustomEvent('open'));
    });
    source.addEventListener('error', () => {
      this.#setState('reconnecting');
      if (source.readyState !== this.#EventSourceImpl.CLOSED) return;
      // EventSource gave up (the service answered with an error, or not at all): try again later.
      source.close();
      if (this.#source === source) this.#source = null;
      this.#scheduleReopen();
    });
    for (const name of CONSOLE_EVENT_NAMES) {
      source.addEventListener(name, (event) => this.#receive(name, /** @type {MessageEvent} */ (event)));
    }
  }

  #scheduleReopen() {
    if (this.#stopped || this.#timer !== null) return;
    const wait = this.#backoff;
    this.#backoff = Math.min(this.#backoff * 2, BACKOFF_MAX_MS);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#open();
    }, wait);
  }

  #receive(name, event) {
    let data;
    try {
      data = event.data === '' ? {} : JSON.parse(event.data);
    } catch (error) {
      console.warn(`Ignoring "${name}" event whose data is not JSON`, error);
      return;
    }
    this.dispatchEvent(new CustomEvent('event', { detail: { name, data } }));
  }

  #setState(state) {
    if (state === this.#state) return;
    this.#state = state;
    this.dispatchEvent(new CustomEvent('state', { detail: { state } }));
  }
}
