// The visitor's draft, reported to the operator at most once per interval, and "stopped" (null) at once. The clock
// is injectable, as kiosk-timer.js's is, so the rule is tested without waiting.

/** @typedef {{setTimeout: (f: () => void, ms: number) => unknown, clearTimeout: (timer: unknown) => void, now: () => number}} Clock */

/** The page's clock. */
export const SYSTEM_CLOCK = Object.freeze({
  setTimeout: (f, ms) => setTimeout(f, ms),
  clearTimeout: (timer) => clearTimeout(/** @type {any} */ (timer)),
  now: () => Date.now(),
});

export class TypingThrottle {
  #intervalMs;
  #send;
  #clock;
  #sentAt = -Infinity;
  /** @type {unknown} */
  #timer = null;
  /** @type {string | null} The last draft reported. */
  #reported = null;

  /**
   * @param {object} options
   * @param {number} options.intervalMs
   * @param {(draft: string | null) => void} options.send
   * @param {Clock} [options.clock]
   */
  constructor({ intervalMs, send, clock = SYSTEM_CLOCK }) {
    this.#intervalMs = intervalMs;
    this.#send = send;
    this.#clock = clock;
  }

  /** @param {string | null} draft The composer's text; null or blank: the visitor stopped. */
  draft(draft) {
    const value = draft === null || draft.trim() === '' ? null : draft;
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
    if (value === null) {
      if (this.#reported !== null) this.#report(null);
      return;
    }
    const wait = this.#sentAt + this.#intervalMs - this.#clock.now();
    if (wait <= 0) this.#report(value);
    else this.#timer = this.#clock.setTimeout(() => this.draft(value), wait);
  }

  #report(draft) {
    this.#reported = draft;
    this.#sentAt = this.#clock.now();
    this.#send(draft);
  }
}
