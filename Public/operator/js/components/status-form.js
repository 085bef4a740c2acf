// The online status form. It owns `[data-status-form]`: choose a location and a status, then set it;
// the location's current status is shown beside the form.

import { t, tOr } from '../i18n.js';

/** Sets a location's online status. */
export class StatusForm {
  #locations;
  #status;
  #current;
  #store;
  #controller;

  /**
   * @param {HTMLFormElement} root The `[data-status-form]` form.
   * @param {object} deps
   * @param {import('../store.js').ConsoleStore} deps.store
   * @param {import('../controller.js').ConsoleController} deps.controller
   */
  constructor(root, { store, controller }) {
    this.#locations = /** @type {HTMLSelectElement} */ (root.querySelector('[data-status-location]'));
    this.#status = /** @type {HTMLSelectElement} */ (root.querySelector('[data-status-value]'));
    this.#current = root.querySelector('[data-status-current]');
    this.#store = store;
    this.#controller = controller;

    root.addEventListener('submit', (event) => {
      event.preventDefault();
      if (this.#locations.value !== '') void controller.setOnlineStatus(this.#locations.value, this.#status.value);
    });
    this.#locations.addEventListener('change', () => this.#showCurrent(true));
    store.addEventListener('locations', () => this.render());
    this.render();
  }

  /** Lists the locations, keeping the chosen one, and shows its status. */
  render() {
    const names = this.#store.locations.map((location) => location.name);
    const chosen = this.#locations.value;
    if (this.#locations.dataset.names !== names.join('\n')) {
      this.#locations.replaceChildren(
        ...names.map((name) => {
          const option = document.createElement('option');
          option.value = name;
          option.textContent = name;
          return option;
        }),
      );
      this.#locations.dataset.names = names.join('\n');
      this.#locations.value = names.includes(chosen) ? chosen : names.includes('default') ? 'default' : (names[0] ?? '');
      this.#showCurrent(true);
      return;
    }
    this.#showCurrent(false);
  }

  /** Shows the chosen location's status; `pick` also preselects it in the status choice. */
  #showCurrent(pick) {
    const location = this.#store.locations.find((candidate) => candidate.name === this.#locations.value);
    this.#current.textContent = location === undefined ? '' : t('status.current', { status: tOr(`status.${location.onlineStatus}`, location.onlineStatus) });
    if (pick && location !== undefined) this.#status.value = location.onlineStatus;
  }
}
