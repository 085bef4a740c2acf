// The tab's server-sent event stream. EventSource reconnects by itself after a network fault
// (sending Last-Event-ID); when it gives up for good (an HTTP error, or 204 for a tab that no
// longer exists) this module reports `closed` and the owner decides what to do next.

/** Event names the server sends; each carries JSON data. */
export const EVENT_NAMES = Object.freeze([
  'snapshot',
  'message.added',
  'message.changed',
  'message.removed',
  'messages.cleared',
  'operator.changed',
  'operator.typing',
  'chat.state',
  'visit.state',
  'departments',
  'location.settings',
  'online.status',
  'unread.operator',
  'unread.visitor',
  'error.fatal',
  'error.transient',
  'result',
  'hello',
]);

/** @typedef {'connecting' | 'live' | 'reconnecting' | 'closed'} StreamState `closed`: EventSource gave up. */

/**
 * One EventSource for one tab. Emits `event` (detail `{name, data, id}`) for each server event and
 * `state` (detail `{state}`) when the connection state changes.
 */
export class EventStream extends EventTarget {
  #url;
  /** @type {EventSource | null} */
  #source = null;
  /** @type {StreamState} */
  #state = 'connecting';
  #lastEventId = '';

  /** @param {string} url The stream's URL. */
  constructor(url) {
    super();
    this.#url = url;
  }

  /** @returns {StreamState} The current connection state. */
  get state() {
    return this.#state;
  }

  /** @returns {string} The id of the last event received, or an empty string. */
  get lastEventId() {
    return this.#lastEventId;
  }

  /** Opens the stream. Calling it again while open does nothing. */
  open() {
    if (this.#source !== null) return;
    const source = new EventSource(this.#url);
    this.#source = source;

    source.addEventListener('open', () => this.#setState('live'));
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) {
        this.close();
        this.#setState('closed');
      } else {
        this.#setState('reconnecting');
      }
    });
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (event) => this.#receive(name, /** @type {MessageEvent} */ (event)));
    }
  }

  /** Closes the stream for good; no more events are emitted. */
  close() {
    if (this.#source === null) return;
    this.#source.close();
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
    // A first event proves the stream is up even if `open` was missed.
    this.#setState('live');
    this.dispatchEvent(new CustomEvent('event', { detail: { name, data, id: event.lastEventId } }));
  }

  #setState(state) {
    if (state === this.#state) return;
    this.#state = state;
    this.dispatchEvent(new CustomEvent('state', { detail: { state } }));
  }
}
