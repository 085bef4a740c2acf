// Stickers. A sticker message shows as its picture (a transcript part), and where the location offers
// stickers the composer gets a sticker button that opens a picker grid. Both load only when needed. A
// sticker's picture comes from this origin's `/static/stickers/` only (the server names it; see
// Sources/WidgetServer/README.md), and its name, translated by id, is the picture's text alternative.

import { el, loadStylesheet, safeUrl } from '../dom.js';

const STYLESHEET = '/static/css/stickers.css';
/** Columns of the picker grid: what the up and down arrows step over. */
const COLUMNS = 4;

/**
 * The picture's address when it is one of this origin's stickers, else null (the message then says "Sticker 12").
 * @param {{url?: unknown} | null | undefined} sticker
 * @returns {string | null}
 */
export function stickerUrl(sticker) {
  const url = safeUrl(sticker?.url, true);
  return url !== null && new URL(url).pathname.startsWith('/static/stickers/') ? url : null;
}

/**
 * The sticker's name in the visitor's language, when the strings have it, else the server's.
 * @param {{id: number, name?: string}} sticker
 * @param {import('../i18n.js').Strings} strings
 */
export function stickerName(sticker, strings) {
  const key = `stickerName${sticker.id}`;
  const translated = strings.t(key);
  return translated !== key ? translated : String(sticker.name ?? strings.t('sticker', { id: sticker.id }));
}

/**
 * Fills a sticker message's `[data-message-files]` with its picture (and hides it for any other message).
 * @param {HTMLElement} root
 * @param {import('../store.js').Message} message
 * @param {import('../i18n.js').Strings} strings
 */
export function renderSticker(root, message, strings) {
  const url = message.type === 'sticker' || message.sticker ? stickerUrl(message.sticker) : null;
  const item = root.closest('.transcript-item');
  if (url === null) {
    if (item?.hasAttribute('data-sticker')) {
      item.removeAttribute('data-sticker');
      root.replaceChildren();
    }
    if (!message.attachment) root.hidden = true;
    return;
  }
  void loadStylesheet(root.ownerDocument, STYLESHEET);
  item?.setAttribute('data-sticker', '');
  const alt = stickerName(/** @type {{id: number, name?: string}} */ (message.sticker), strings);
  let image = /** @type {HTMLImageElement | null} */ (root.querySelector('img[data-sticker-image]'));
  if (image === null) {
    image = /** @type {HTMLImageElement} */ (el('img', 'transcript-sticker'));
    image.dataset.stickerImage = '';
    image.width = image.height = 120;
    image.decoding = 'async';
    root.replaceChildren(image);
  }
  if (image.alt !== alt) image.alt = alt;
  if (image.src !== url) image.src = url;
  root.hidden = false;
}

/** The composer's sticker button and its picker: a labelled grid, operable with the arrow keys, Enter and Escape. */
export class StickerPicker {
  #button;
  #grid;
  #strings;
  #onPick;
  /** @type {Array<{id: number, url?: string, name?: string}>} */
  #stickers = [];

  /**
   * @param {HTMLFormElement} composer The `[data-composer]` form: the button goes before its text box.
   * @param {object} deps
   * @param {import('../i18n.js').Strings} deps.strings
   * @param {(stickerId: number) => void} deps.onPick
   */
  constructor(composer, { strings, onPick }) {
    const doc = composer.ownerDocument;
    this.#strings = strings;
    this.#onPick = onPick;
    this.#button = /** @type {HTMLButtonElement} */ (el('button', 'composer-sticker'));
    this.#button.type = 'button';
    this.#button.dataset.composerSticker = '';
    this.#button.setAttribute('aria-expanded', 'false');
    this.#button.setAttribute('aria-controls', 'sticker-picker');
    this.#button.setAttribute('aria-label', strings.t('stickers'));
    this.#button.title = strings.t('stickers');
    this.#button.append(smileIcon(doc));
    this.#grid = el('div', 'sticker-picker');
    this.#grid.id = 'sticker-picker';
    this.#grid.dataset.stickerPicker = '';
    this.#grid.setAttribute('role', 'group');
    this.#grid.setAttribute('aria-label', strings.t('stickerPicker'));
    this.#grid.hidden = true;
    const row = composer.querySelector('.composer-row');
    row?.before(this.#grid);
    (composer.querySelector('[data-composer-input]')?.previousElementSibling ?? row?.firstChild)?.before(this.#button);

    this.#button.addEventListener('click', () => (this.#grid.hidden ? this.open() : this.close(true)));
    this.#grid.addEventListener('click', (event) => {
      const choice = event.target instanceof Element ? event.target.closest('button[data-sticker-id]') : null;
      if (choice instanceof HTMLButtonElement) this.#pick(Number(choice.dataset.stickerId));
    });
    this.#grid.addEventListener('keydown', (event) => this.#key(event));
    doc.addEventListener('pointerdown', (event) => {
      const target = /** @type {Node} */ (event.target);
      if (!this.#grid.hidden && !this.#grid.contains(target) && !this.#button.contains(target)) this.close(false);
    });
  }

  /**
   * Shows the button for these stickers, or hides it (and the picker) when there are none.
   * @param {Array<{id: number, url?: string, name?: string}>} stickers
   */
  show(stickers) {
    this.#stickers = stickers.filter((sticker) => Number.isInteger(sticker?.id) && stickerUrl(sticker) !== null);
    this.#button.hidden = this.#stickers.length === 0;
    if (this.#button.hidden) this.close(false);
    const doc = this.#grid.ownerDocument;
    this.#grid.replaceChildren(
      ...this.#stickers.map((sticker, index) => {
        const choice = /** @type {HTMLButtonElement} */ (el('button', 'sticker-choice'));
        choice.type = 'button';
        choice.dataset.stickerId = String(sticker.id);
        choice.tabIndex = index === 0 ? 0 : -1;
        const image = /** @type {HTMLImageElement} */ (el('img', 'sticker-choice-image'));
        image.alt = stickerName(sticker, this.#strings);
        image.width = image.height = 56;
        image.loading = 'lazy';
        image.src = /** @type {string} */ (stickerUrl(sticker));
        choice.append(image);
        return choice;
      }),
    );
  }

  /** Opens the picker with the focus on its first sticker. */
  open() {
    if (this.#stickers.length === 0) return;
    this.#grid.hidden = false;
    this.#button.setAttribute('aria-expanded', 'true');
    this.#choices()[0]?.focus();
  }

  /** @param {boolean} refocus Whether the focus goes back to the sticker button. */
  close(refocus) {
    if (this.#grid.hidden) return;
    this.#grid.hidden = true;
    this.#button.setAttribute('aria-expanded', 'false');
    if (refocus) this.#button.focus();
  }

  #choices() {
    return /** @type {HTMLButtonElement[]} */ (Array.from(this.#grid.querySelectorAll('button[data-sticker-id]')));
  }

  /** @param {number} id */
  #pick(id) {
    this.close(true);
    this.#onPick(id);
  }

  /** @param {KeyboardEvent} event */
  #key(event) {
    const choices = this.#choices();
    const index = choices.findIndex((choice) => choice === event.target);
    if (event.key === 'Escape') {
      event.preventDefault();
      this.close(true);
      return;
    }
    if (index < 0) return;
    const rtl = getComputedStyle(this.#grid).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS }[event.key];
    let next = index;
    if (step !== undefined) next = Math.min(choices.length - 1, Math.max(0, index + step));
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = choices.length - 1;
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.#pick(Number(choices[index].dataset.stickerId));
      return;
    } else return;
    event.preventDefault();
    choices[index].tabIndex = -1;
    choices[next].tabIndex = 0;
    choices[next].focus();
  }
}

/**
 * Starts the sticker button on the page's composer: loads the picker's styles and strings first, so it never shows
 * unstyled. A picked sticker goes to the tab's sticker route; its outcome comes as a `result` of kind `sticker`.
 * @param {Document} doc
 * @param {{strings: import('../i18n.js').Strings, session: import('../session.js').ChatSession}} deps
 * @returns {Promise<StickerPicker>}
 */
export async function startStickerPicker(doc, { strings, session }) {
  await Promise.all([loadStylesheet(doc, STYLESHEET), strings.load('parts')]);
  const composer = /** @type {HTMLFormElement} */ (doc.querySelector('[data-composer]'));
  return new StickerPicker(composer, { strings, onPick: (stickerId) => void session.act('sticker', 'POST', '/stickers', { stickerId }) });
}

/** A smiling face, drawn in the text's colour. */
function smileIcon(doc) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = doc.createElementNS(ns, 'svg');
  for (const [name, value] of Object.entries({ 'aria-hidden': 'true', width: '22', height: '22', viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round' })) {
    svg.setAttribute(name, value);
  }
  const path = doc.createElementNS(ns, 'path');
  path.setAttribute('d', 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 14s1.5 2 4 2 4-2 4-2M9 9.5h.01M15 9.5h.01');
  svg.append(path);
  return svg;
}
