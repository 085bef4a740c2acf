// The preview's and the gallery's frames: each is named and keeps its own visitor (kept-visitor.js) under its name.
// Their "New visitor" button makes the frame forget it and load afresh (the old visitor's tab stays on the server
// until it is idle); the preview reads a frame's client-core log by the tab it keeps.

import { KEY_PREFIX, parse, safeStorage } from './kept-visitor.js';

/**
 * Answers every `[data-new-visitor]` button of `doc`: the named frame of its `<figure>` starts over.
 * @param {Document} doc
 */
export function startNewVisitorButtons(doc) {
  doc.addEventListener('click', (event) => {
    const target = /** @type {Element | null} */ (event.target instanceof Element ? event.target : null);
    const frame = /** @type {HTMLIFrameElement | null} */ (target?.closest('[data-new-visitor]')?.closest('figure')?.querySelector('iframe[name]') ?? null);
    if (!frame) return;
    forgetFrameVisitors(frame.name);
    frame.contentWindow?.location.reload();
  });
}

/**
 * Makes a named frame of this page forget every visitor it keeps, at every location: its next load is a new visitor.
 * @param {string} frameName
 */
export function forgetFrameVisitors(frameName) {
  for (const [storage, key] of frameKeys(frameName)) storage.removeItem(key);
}

/**
 * The tab id a named frame of this page keeps.
 * @param {string} frameName
 * @returns {string | null}
 */
export function frameTabId(frameName) {
  for (const [storage, key] of frameKeys(frameName)) {
    const record = parse(storage.getItem(key));
    if (record !== null) return record.tabId;
  }
  return null;
}

/**
 * Where a named frame keeps its visitors: each storage with each key.
 * @param {string} frameName
 * @returns {Array<[Storage, string]>}
 */
function frameKeys(frameName) {
  const found = [];
  for (const storage of [safeStorage('sessionStorage'), safeStorage('localStorage')]) {
    try {
      for (const key of storage === null ? [] : Object.keys(storage)) {
        if (key.startsWith(`${KEY_PREFIX}${frameName}.`)) found.push([storage, key]);
      }
    } catch {
      // Storage disabled: the frame keeps nothing.
    }
  }
  return found;
}
