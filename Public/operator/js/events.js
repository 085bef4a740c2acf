// The console's server-sent event stream: the page kit's EventStream with the names the service
// sends. The service does not replay missed events, so the owner reloads the list each time the
// stream goes live; when EventSource gives up for good (the service was down when it retried) the
// stream is opened again after a growing delay.

import { EventStream } from '../../shared/events.js';

/** Event names the service sends; each carries JSON data. */
export const CONSOLE_EVENT_NAMES = Object.freeze(['visitor.changed', 'visitor.typing', 'location.changed']);

/** First and longest wait before opening the stream again after EventSource gave up, in milliseconds. */
const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 15000;

/**
 * The console's one live stream; see the kit's EventStream for its events and states. `closed` is
 * followed by a new open, so it means "reconnecting" here too.
 */
export class ConsoleEvents extends EventStream {
  #backoff = BACKOFF_MIN_MS;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  #reopening;

  /** @param {string} url The stream's URL. */
  constructor(url) {
    super(url, CONSOLE_EVENT_NAMES);
    this.addEventListener('state', (event) => {
      const { state } = /** @type {CustomEvent} */ (event).detail;
      if (state === 'live') this.#backoff = BACKOFF_MIN_MS;
      if (state !== 'closed') return;
      const wait = this.#backoff;
      this.#backoff = Math.min(this.#backoff * 2, BACKOFF_MAX_MS);
      this.#reopening = setTimeout(() => this.open(), wait);
    });
  }

  /** Closes the stream for good, with any reopen that was waiting. */
  close() {
    clearTimeout(this.#reopening);
    super.close();
  }
}
