// The connection line in the bar. It owns `[data-connection]` and says whether the list is live.

/** Text for each connection state. */
export const CONNECTION_LABELS = Object.freeze({
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Connection lost. Reconnecting…',
});

/** Tells the operator whether changes are arriving. */
export class ConnectionIndicator {
  #root;
  #store;

  /**
   * @param {HTMLElement} root The `[data-connection]` element.
   * @param {object} deps
   * @param {import('../store.js').ConsoleStore} deps.store
   */
  constructor(root, { store }) {
    this.#root = root;
    this.#store = store;
    store.addEventListener('connection', () => this.render());
    this.render();
  }

  /** Shows the store's connection state. */
  render() {
    const state = this.#store.connection;
    this.#root.dataset.state = state;
    this.#root.textContent = CONNECTION_LABELS[state] ?? state;
  }
}
