// The wait between attempts to reach a server: doubling from `minMs` to `maxMs`, with jitter so that many pages do
// not retry in step after a server restart. The random source is injectable for tests.

export class Backoff {
  #minMs;
  #maxMs;
  #random;
  #current;

  /**
   * @param {object} [options]
   * @param {number} [options.minMs]
   * @param {number} [options.maxMs]
   * @param {() => number} [options.random] In [0, 1).
   */
  constructor({ minMs = 1000, maxMs = 30000, random = Math.random } = {}) {
    this.#minMs = minMs;
    this.#maxMs = maxMs;
    this.#random = random;
    this.#current = minMs;
  }

  /** @returns {number} The next wait, in milliseconds: between half and all of the current step. */
  next() {
    const wait = this.#current;
    this.#current = Math.min(this.#current * 2, this.#maxMs);
    return wait / 2 + this.#random() * (wait / 2);
  }

  /** The server answered: the next wait is the shortest again. */
  reset() {
    this.#current = this.#minMs;
  }
}
