// What the visitor has read. Messages count as read when they arrive while the visitor watches the newest ones, or
// when the visitor next acts on the page. Coming back to the tab is not reading: the badge and the title show what
// arrived meanwhile until the visitor touches, types or scrolls.

import { required } from '../dom.js';

/** @param {import('./page.js').Page} page */
export function wireReading({ doc, store, session, transcript }) {
  // A framed chat (a preview's or gallery's frame, a widget on a site) has the focus only once clicked, so there the
  // chat being shown is what counts: not behind a closed panel (`data-chat-hidden`, set by launcher.js and
  // embedded.js).
  const watching = () =>
    doc.visibilityState === 'visible' &&
    !('chatHidden' in doc.documentElement.dataset) &&
    (window.top !== window || doc.hasFocus()) &&
    transcript.isNearBottom();
  const markRead = () => {
    if (store.unread.count > 0 && watching()) void session.markRead();
  };
  store.addEventListener('unread', markRead);
  store.addEventListener('messages', () => queueMicrotask(markRead));
  for (const type of ['pointerdown', 'keydown']) doc.addEventListener(type, markRead);
  required(doc, '[data-transcript]').addEventListener('scroll', markRead, { passive: true });
}

/**
 * Counts the unread messages in the document's title, which is what a visitor in another tab sees.
 * @param {import('./page.js').Page} page
 */
export function wireUnreadTitle({ doc, store }) {
  const title = doc.title;
  store.addEventListener('unread', () => {
    doc.title = store.unread.count > 0 ? `(${store.unread.count}) ${title}` : title;
  });
}
