// The image viewer. main.js loads it the first time the visitor opens an image.

import { safeUrl } from '../dom.js';

/** The in-page image viewer: a modal `<dialog>`; Escape, the close button or a backdrop click close it. */
export class Lightbox {
  #root;
  #image;

  /** @param {HTMLDialogElement} root The `[data-lightbox]` dialog. */
  constructor(root) {
    this.#root = root;
    this.#image = /** @type {HTMLImageElement} */ (root.querySelector('[data-lightbox-image]'));
    root.querySelector('[data-lightbox-close]').addEventListener('click', () => root.close());
    root.addEventListener('click', (event) => {
      if (event.target === root) root.close();
    });
  }

  /**
   * @param {string} url Same-origin image URL.
   * @param {string} name
   */
  open(url, name) {
    const src = safeUrl(url, true);
    if (src === null) return;
    this.#image.src = src;
    this.#image.alt = name;
    this.#root.showModal();
  }
}
