// The kiosk's idle timer: after `idleMs` without activity a countdown of `countdownMs` starts;
// activity during the idle phase restarts it, `cancel()` during the countdown goes back to idle,
// and a countdown that runs out expires once. Timers are injectable so the logic can be driven by hand.

/** How often the countdown reports the seconds left, in milliseconds. */
const TICK_MS = 250;

/**
 * Emits `countdown` (detail: {secondsLeft}) when the countdown starts, `tick` (detail: {secondsLeft})
 * when the shown number changes, `cancel` when it is cancelled, and `expire` once when it runs out.
 */
export class IdleCountdown extends EventTarget {
  #idleMs;
  #countdownMs;
  #clock;
  /** @type {'stopped' | 'idle' | 'counting' | 'expired'} */
  #phase = 'stopped';
  /** @type {unknown} */
  #timer = null;
  #deadline = 0;
  #shown = 0;

  /**
   * @param {object} options
   * @param {number} options.idleMs
   * @param {number} options.countdownMs
   * @param {{setTimeout: typeof setTimeout, clearTimeout: typeof clearTimeout, now: () => number}} [options.clock]
   */
  constructor({ idleMs, countdownMs, clock = { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (t) => clearTimeout(t), now: () => Date.now() } }) {
    super();
    this.#idleMs = idleMs;
    this.#countdownMs = countdownMs;
    this.#clock = clock;
  }

  /** @returns {'stopped' | 'idle' | 'counting' | 'expired'} */
  get phase() {
    return this.#phase;
  }

  /** Starts (or restarts) the idle phase. */
  start() {
    this.#phase = 'idle';
    this.#schedule(this.#idleMs, () => this.#beginCountdown());
  }

  /** Activity that keeps the visitor's chat: restarts the idle phase; a countdown is left running. */
  activity() {
    if (this.#phase === 'idle') this.start();
  }

  /** The visitor is back: a running countdown stops and the idle phase starts over. */
  cancel() {
    if (this.#phase === 'idle') return this.start();
    if (this.#phase !== 'counting') return;
    this.start();
    this.dispatchEvent(new CustomEvent('cancel'));
  }

  /** Stops everything (the page is resetting). */
  stop() {
    this.#phase = 'stopped';
    this.#clear();
  }

  #beginCountdown() {
    this.#phase = 'counting';
    this.#deadline = this.#clock.now() + this.#countdownMs;
    this.#shown = Math.ceil(this.#countdownMs / 1000);
    this.dispatchEvent(new CustomEvent('countdown', { detail: { secondsLeft: this.#shown } }));
    this.#tick();
  }

  #tick() {
    const left = this.#deadline - this.#clock.now();
    if (left <= 0) {
      this.#phase = 'expired';
      this.#clear();
      this.dispatchEvent(new CustomEvent('expire'));
      return;
    }
    const seconds = Math.ceil(left / 1000);
    if (seconds !== this.#shown) {
      this.#shown = seconds;
      this.dispatchEvent(new CustomEvent('tick', { detail: { secondsLeft: seconds } }));
    }
    this.#schedule(Math.min(TICK_MS, left), () => this.#tick());
  }

  #schedule(ms, callback) {
    this.#clear();
    this.#timer = this.#clock.setTimeout(callback, ms);
  }

  #clear() {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
