// A server-sent event stream, for the widget's tab and the console's list alike. EventSource
// reconnects by itself after a network fault (sending Last-Event-ID); when it gives up for good (an
// HTTP error, a 204, or a server that was down when it retried) the stream reports `closed`, and its
// owner decides what to do next: open it again, or start over.

/**
 * Connection states: `connecting` before the first open, `live` while open, `reconnecting` after a
 * fault, `closed` when EventSource gave up.
 * @typedef {'connecting' | 'live' | 'reconnecting' | 'closed'} StreamState
 */

/**
 * One live event stream. Emits `event` (detail `{name, data, id}`) for each named event, whose data
 * is JSON, and `state` (detail `{state}`) when the connection state changes: a change to `live` is
 * an EventSource that (re)opened.
 */
export class EventStream extends EventTarget {
  #url;
  #names;
  /** @type {EventSource | null} */
  #source = null;
  /** @type {StreamState} */
  #state = 'connecting';
  #lastEventId = '';

  /**
   * @param {string} url The stream's URL.
   * @param {readonly string[]} names The event names the server sends.
   */
  constructor(url, names) {
    super();
    this.#url = url;
    this.#names = names;
  }

  /** @returns {StreamState} The current connection state. */
  get state() {
    return this.#state;
  }

  /** @returns {string} The id of the last event received, or an empty string. */
  get lastEventId() {
    return this.#lastEventId;
  }

  /** Opens the stream (again, after `closed`). Calling it while open does nothing. */
  open() {
    if (this.#source !== null) return;
    const source = new EventSource(this.#url);
    this.#source = source;
    source.addEventListener('open', () => this.#setState('live'));
    source.addEventListener('error', () => {
      if (this.#source !== source) return;
      if (source.readyState === EventSource.CLOSED) {
        this.close();
        this.#setState('closed');
      } else {
        this.#setState('reconnecting');
      }
    });
    for (const name of this.#names) {
      source.addEventListener(name, (event) => this.#receive(name, /** @type {MessageEvent} */ (event)));
    }
  }

  /** Closes the stream; no more events are emitted until it is opened again. */
  close() {
    this.#source?.close();
    this.#source = null;
  }

  #receive(name, event) {
    if (event.lastEventId) this.#lastEventId = event.lastEventId;
    let data;
    try {
      data = event.data === '' ? {} : JSON.parse(event.data);
    } catch (error) {
      console.warn(`Ignoring "${name}" event whose data is not JSON`, error);
      return;
    }
    // An event proves the stream is up even if `open` was missed.
    this.#setState('live');
    this.dispatchEvent(new CustomEvent('event', { detail: { name, data, id: event.lastEventId } }));
  }

  #setState(state) {
    if (state === this.#state) return;
    this.#state = state;
    this.dispatchEvent(new CustomEvent('state', { detail: { state } }));
  }
}
