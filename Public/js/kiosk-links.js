// Kiosk link policy: on a shared screen nothing may open a new window or leave the chat, so links are
// inert unless their host is in the configured list (those open in this window). Images still open
// in the in-page lightbox, which is a button, not a link.

/**
 * Whether a link may be followed in kiosk mode.
 * @param {string} href
 * @param {string[]} allowedHosts Lowercase host names.
 * @returns {boolean}
 */
export function isAllowedLink(href, allowedHosts) {
  try {
    const url = new URL(href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && allowedHosts.includes(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * Makes links inert, blocks new windows, link drags and notification prompts.
 * Listens in the capture phase on the document, so it decides before any component's handler.
 * @param {Document} doc
 * @param {Window & typeof globalThis} win
 * @param {string[]} allowedHosts
 */
export function guardLinks(doc, win, allowedHosts) {
  const linkOf = (event) => (event.target instanceof Element ? event.target.closest('a[href]') : null);
  const follow = (event) => {
    const link = /** @type {HTMLAnchorElement | null} */ (linkOf(event));
    if (link === null) return;
    // Even an allowed link never gets a new window or a download: it replaces this page or does nothing.
    event.preventDefault();
    if (event.type === 'click' && isAllowedLink(link.href, allowedHosts) && !link.hasAttribute('download')) {
      win.location.assign(link.href);
    }
  };
  doc.addEventListener('click', follow, true);
  doc.addEventListener('auxclick', follow, true);
  // A dragged link or image can open elsewhere. (Their long-press menu, "open in new tab", is shut with
  // every other menu by kiosk-dialogs.js.)
  doc.addEventListener('dragstart', (event) => {
    if (event.target instanceof Element && event.target.closest('a[href], img') !== null) event.preventDefault();
  }, true);
  win.open = () => null;
  if ('Notification' in win) win.Notification.requestPermission = () => Promise.resolve('denied');
}
