// Small DOM helpers shared by the components. Everything goes in as text, never as HTML.

/**
 * Creates an element with a class and optional text.
 * @param {string} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElement}
 */
export function el(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

/**
 * A URL safe to put in `href`/`src`: http(s) only, or (with `sameOrigin`) only this page's origin.
 * @param {unknown} value
 * @param {boolean} [sameOrigin]
 * @returns {string | null}
 */
export function safeUrl(value, sameOrigin = false) {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value, location.href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (sameOrigin && url.origin !== location.origin) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Sets (or removes, for empty values) one `data-*` attribute.
 * @param {HTMLElement} element
 * @param {string} name camelCase dataset name
 * @param {string | null | undefined} value
 */
export function setData(element, name, value) {
  if (value === null || value === undefined || value === '') delete element.dataset[name];
  else element.dataset[name] = value;
}

/**
 * Fills an element with text in which http(s) URLs become links that open in a new tab.
 * @param {HTMLElement} element
 * @param {string} text
 */
export function fillLinkified(element, text) {
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(/\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi)) {
    const href = safeUrl(match[0]);
    if (href === null) continue;
    nodes.push(text.slice(last, match.index));
    const link = /** @type {HTMLAnchorElement} */ (el('a', 'transcript-link', match[0]));
    link.href = href;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    nodes.push(link);
    last = match.index + match[0].length;
  }
  nodes.push(text.slice(last));
  element.replaceChildren(...nodes);
}

/** Stylesheets added by loadStylesheet: href → the promise of its loading. */
const stylesheets = new Map();

/**
 * Adds a stylesheet to the page once; resolves when it applies (or failed), so what it styles never
 * shows unstyled.
 * @param {Document} doc
 * @param {string} href
 * @returns {Promise<void>}
 */
export function loadStylesheet(doc, href) {
  if (!stylesheets.has(href)) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    const loaded = new Promise((resolve) => {
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener('error', () => resolve(), { once: true });
    });
    doc.head.append(link);
    stylesheets.set(href, loaded);
  }
  return stylesheets.get(href);
}

/**
 * The element the page's markup must have: a page without it is broken, so this says which is missing.
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {HTMLElement}
 */
export function required(root, selector) {
  const element = root.querySelector(selector);
  if (element === null) throw new Error(`The page has no ${selector}`);
  return /** @type {HTMLElement} */ (element);
}
