// The error list. It owns `[data-alerts]`, a polite live region that is always in the page (so
// screen readers hear what is added): each failure stays visible until the operator dismisses it;
// the oldest go once there are too many.

import { t } from '../i18n.js';

/** How many errors stay on screen at once. */
export const MAX_ALERTS = 4;

/** Shows API and connection errors. */
export class Alerts {
  #root;
  #template;

  /**
   * @param {HTMLElement} root The `[data-alerts]` element.
   * @param {object} deps
   * @param {HTMLTemplateElement} deps.template The alert template (one `[data-alert]` element).
   */
  constructor(root, { template }) {
    this.#root = root;
    this.#template = template;
    root.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('[data-alert-dismiss]') : null;
      if (button === null || !root.contains(button)) return;
      const item = button.closest('[data-alert]');
      const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
      item?.remove();
      // The dismissed button had the focus; the next alert's button takes it, if there is one.
      neighbour?.querySelector('[data-alert-dismiss]')?.focus();
    });
  }

  /**
   * Shows one error.
   * @param {string} message A human sentence.
   */
  report(message) {
    const fragment = /** @type {DocumentFragment} */ (this.#template.content.cloneNode(true));
    const item = /** @type {HTMLElement} */ (fragment.firstElementChild);
    item.querySelector('[data-alert-text]').textContent = message;
    item.querySelector('[data-alert-dismiss]').setAttribute('aria-label', t('alerts.dismissLabel', { message }));
    this.#root.append(item);
    while (this.#root.childElementCount > MAX_ALERTS) this.#root.firstElementChild?.remove();
  }
}
