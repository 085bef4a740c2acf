// A line that says whether a page's event stream is live: the widget's banner and the console's
// indicator. It owns its root: `data-state` carries the state (for CSS and tests), the text comes
// from the page's own labels, and the line hides while its label is empty (a banner, while live).

/** Shows a store's connection state in one element. */
export class ConnectionStatus {
  #root;
  #label;

  /**
   * @param {HTMLElement} root The element it fills.
   * @param {object} deps
   * @param {EventTarget & {readonly connection: string}} deps.store Emits `connection` when `connection` changes.
   * @param {(state: string) => string} deps.label The text for a state; empty hides the line.
   */
  constructor(root, { store, label }) {
    this.#root = root;
    this.#label = label;
    const follow = () => this.render(store.connection);
    store.addEventListener('connection', follow);
    follow();
  }

  /**
   * Shows one connection state.
   * @param {string} state
   */
  render(state) {
    const text = this.#label(state);
    this.#root.dataset.state = state;
    this.#root.textContent = text;
    this.#root.hidden = text === '';
  }
}
