// The browser tabs that show one kept visitor, as one conversation: one of them (the leader, holding a Web Lock)
// reads the tab's event stream and relays every event over a BroadcastChannel; the others apply what it relays.
// When the leader closes, the browser hands the lock to the next tab, which opens the stream from its own last
// event. A browser without both (or a page outside a secure context, where Web Locks are missing) leads alone.
//
// Messages on the channel: `{kind: 'event', name, data, id}`, `{kind: 'state', state}` (the leader's connection),
// `{kind: 'opened'}` (the leader's server opened the tab again: what it has not confirmed goes again).

export class TabSync extends EventTarget {
  #name;
  #locks;
  /** @type {BroadcastChannel | null} */
  #channel = null;
  #makeChannel;
  /** @type {(() => void) | null} */
  #release = null;
  #requested = false;
  #stopped = false;

  /**
   * @param {object} options
   * @param {string} options.name The kept visitor's key: its channel and lock.
   * @param {LockManager | null} [options.locks]
   * @param {((name: string) => BroadcastChannel) | null} [options.makeChannel]
   */
  constructor({
    name,
    locks = globalThis.navigator?.locks ?? null,
    makeChannel = typeof globalThis.BroadcastChannel === 'function' ? (channelName) => new BroadcastChannel(channelName) : null,
  }) {
    super();
    this.#name = name;
    this.#locks = locks;
    this.#makeChannel = makeChannel;
  }

  /** @returns {boolean} Whether this browser can share one stream between tabs. */
  get shared() {
    return this.#locks !== null && this.#makeChannel !== null;
  }

  /**
   * Listens to the other tabs (`message` events, detail: what one posted), and asks to lead: `onLead` runs once
   * this tab leads, which it does until `stop()` (or the tab closes).
   * @param {() => void} onLead
   */
  join(onLead) {
    if (this.#requested || this.#stopped) return;
    this.#requested = true;
    if (!this.shared) {
      onLead();
      return;
    }
    this.#channel = /** @type {(name: string) => BroadcastChannel} */ (this.#makeChannel)(this.#name);
    this.#channel.addEventListener('message', (event) => {
      if (!this.#stopped) this.dispatchEvent(new CustomEvent('message', { detail: event.data }));
    });
    const held = new Promise((resolve) => {
      this.#release = () => resolve(undefined);
    });
    /** @type {LockManager} */ (this.#locks)
      .request(`${this.#name}.stream`, () => {
        if (this.#stopped) return undefined;
        onLead();
        return held;
      })
      .catch((error) => {
        console.warn('Could not ask to lead the chat stream; reading it alone', error);
        if (!this.#stopped) onLead();
      });
  }

  /** @param {object} message To every other tab of the visitor. */
  post(message) {
    try {
      this.#channel?.postMessage(message);
    } catch (error) {
      console.warn('Could not relay to the other tabs', error);
    }
  }

  /** Leaves: the lock goes to the next tab, the channel closes. */
  stop() {
    this.#stopped = true;
    this.#release?.();
    this.#channel?.close();
    this.#channel = null;
  }
}
