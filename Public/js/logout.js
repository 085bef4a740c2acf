// Logging an identified visitor out of this browser without erasing them: a site's `WebimWidget('logout')` (or
// `setVisitor(null)`). The page forgets every kept visitor that carries signed fields (kept-visitor.js), closes their
// tabs on the server as a closed browser tab would be closed (`DELETE /api/tabs/{tab}`, no `clear`: the conversation
// stays with the person on the chat service for their next login), and notes when it happened, so that:
//
// - every other browser tab of the site hears it (a `storage` event) and starts over as an anonymous visitor;
// - a `setVisitor` the site made before the logout (a page left open in another tab, which hands its visitor again
//   to each new page of its frame) is stale, and cannot bring the person back.
//
// The note is a time, nothing of the person's. The erase is elsewhere (erase.js).

import { KEY_PREFIX, parse, safeStorage } from './kept-visitor.js';

/** Where the time of the last logout is kept (the widget origin's localStorage, so every tab of the site hears it). */
export const LOGGED_OUT_KEY = 'webim-widget.logged-out';

/** How long a logout waits for the server to close a tab; the page goes on anyway. */
const CLOSE_TIMEOUT_MS = 5000;

/**
 * When the site last logged its visitor out in this browser, in milliseconds since 1970; 0 for never.
 * @param {Storage | null} [storage]
 * @returns {number}
 */
export function loggedOutAt(storage = safeStorage('localStorage')) {
  try {
    const at = Number(storage?.getItem(LOGGED_OUT_KEY));
    return Number.isFinite(at) && at > 0 ? at : 0;
  } catch {
    return 0;
  }
}

/**
 * Whether the site named its visitor (`setVisitor` at `at`, its own clock's milliseconds) before its last logout in
 * this browser: then that visitor is no longer theirs to name.
 * @param {number} at
 * @param {Storage | null} [storage]
 */
export function namedBeforeLogout(at, storage = safeStorage('localStorage')) {
  // A naming in the logout's own millisecond came after it: one page that logs a person out and the next one in.
  return at < loggedOutAt(storage);
}

/**
 * Notes a logout the site asked for at `at` (a later one already noted stays).
 * @param {number} at
 * @param {Storage | null} [storage]
 */
export function noteLogout(at, storage = safeStorage('localStorage')) {
  try {
    if (at > loggedOutAt(storage)) storage?.setItem(LOGGED_OUT_KEY, String(at));
  } catch {
    // Storage disabled: nothing of the visitor was kept either.
  }
}

/**
 * Forgets every kept visitor with signed fields in `storage`, at every location.
 * @param {Storage | null} storage
 * @returns {string[]} Their tab ids, to close on the server.
 */
export function forgetIdentified(storage) {
  const tabIds = [];
  try {
    const keys = [];
    for (let index = 0; index < (storage?.length ?? 0); index += 1) keys.push(/** @type {Storage} */ (storage).key(index));
    for (const key of keys) {
      if (key === null || !key.startsWith(KEY_PREFIX)) continue;
      const record = parse(/** @type {Storage} */ (storage).getItem(key));
      if (record === null || record.visitorFields === null) continue;
      /** @type {Storage} */ (storage).removeItem(key);
      tabIds.push(record.tabId);
    }
  } catch {
    // Storage disabled: nothing was kept.
  }
  return tabIds;
}

/**
 * Calls `loggedOut` when another browser tab of the site logs its visitor out (a logout, or a reset).
 * @param {() => void} loggedOut
 * @param {Storage | null} [storage]
 * @returns {() => void} Stops watching.
 */
export function watchLogouts(loggedOut, storage = safeStorage('localStorage')) {
  if (typeof globalThis.addEventListener !== 'function' || storage === null) return () => {};
  const listener = (/** @type {StorageEvent} */ event) => {
    if (event.storageArea === storage && event.key === LOGGED_OUT_KEY) loggedOut();
  };
  globalThis.addEventListener('storage', listener);
  return () => globalThis.removeEventListener('storage', listener);
}

/**
 * `DELETE /api/tabs/{tab}`: the server closes the tab as it closes one no page reads any more, and keeps the
 * visitor's data for their return. A failure is logged; the server's reaper closes the tab anyway.
 * @param {string} tabId
 */
export async function closeTab(tabId) {
  try {
    const response = await fetch(`/api/tabs/${encodeURIComponent(tabId)}`, {
      method: 'DELETE',
      keepalive: true,
      signal: AbortSignal.timeout(CLOSE_TIMEOUT_MS),
    });
    if (!response.ok && response.status !== 404) console.warn('Could not close the tab', response.status);
  } catch (error) {
    console.warn('Could not close the tab', error);
  }
}
