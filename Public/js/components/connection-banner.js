// The connection banner. It owns `[data-connection-banner]` and is shown only while the event
// stream is down: connecting, reconnecting, offline (no network) or failed.

/** Tells the visitor when messages may not be arriving. */
export class ConnectionBanner {
  #root;
  #store;
  #strings;

  /**
   * @param {HTMLElement} root The `[data-connection-banner]` element.
   * @param {object} deps
   * @param {import('../store.js').ChatStore} deps.store
   * @param {import('../i18n.js').Strings} deps.strings
   */
  constructor(root, { store, strings }) {
    this.#root = root;
    this.#store = store;
    this.#strings = strings;
    store.addEventListener('connection', () => this.render());
    this.render();
  }

  /** Shows the store's connection state. */
  render() {
    const state = this.#store.connection;
    this.#root.dataset.state = state;
    this.#root.hidden = state === 'live';
    this.#root.textContent = state === 'live' ? '' : this.#strings.t(state);
  }
}
