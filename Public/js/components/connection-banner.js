// The connection banner. It owns `[data-connection-banner]` and is shown whenever the event
// stream is not live.

/** Banner text for each connection state; `live` hides the banner. */
export const CONNECTION_LABELS = Object.freeze({
  connecting: 'Connecting…',
  reconnecting: 'Connection lost. Reconnecting…',
  failed: 'The chat is not available right now.',
});

/** Tells the visitor when messages may not be arriving. */
export class ConnectionBanner {
  #root;
  #store;

  /**
   * @param {HTMLElement} root The `[data-connection-banner]` element.
   * @param {object} deps
   * @param {import('../store.js').ChatStore} deps.store
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
    this.#root.hidden = state === 'live';
    this.#root.textContent = CONNECTION_LABELS[state] ?? '';
  }
}
