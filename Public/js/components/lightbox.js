// The image viewer. main.js loads it (and css/lightbox.css) the first time the visitor opens an
// image; until then the page has neither its markup nor its styles.

import { el, safeUrl } from '../dom.js';

/** The in-page image viewer: a modal `<dialog>`; Escape, the close button or a backdrop click close it. */
export class Lightbox {
  #root;
  #image;

  /**
   * Adds the viewer's `<dialog data-lightbox>` to the page.
   * @param {Document} doc
   * @param {import('../i18n.js').Strings} strings
   */
  constructor(doc, strings) {
    const root = /** @type {HTMLDialogElement} */ (el('dialog', 'lightbox'));
    root.dataset.lightbox = '';
    this.#image = /** @type {HTMLImageElement} */ (el('img', 'lightbox-image'));
    this.#image.dataset.lightboxImage = '';
    this.#image.alt = '';
    const close = /** @type {HTMLButtonElement} */ (el('button', 'lightbox-close', strings.t('close')));
    close.type = 'button';
    close.dataset.lightboxClose = '';
    close.addEventListener('click', () => root.close());
    root.append(this.#image, close);
    root.addEventListener('click', (event) => {
      if (event.target === root) root.close();
    });
    doc.body.append(root);
    this.#root = root;
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
