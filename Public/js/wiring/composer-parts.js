// The composer's parts a location may offer: the sticker button, and suggested questions as the visitor types. Each
// loads the first time the store offers it; once loaded, it follows the offer.

/** @param {import('./page.js').Page} page */
export function wireStickerPicker({ doc, store, strings, session }) {
  whenOffered(
    store,
    'limits',
    () => store.limits?.stickers?.length > 0,
    () => import('../components/stickers.js').then((module) => module.startStickerPicker(doc, { strings, session })),
    (picker) => picker.show(store.limits?.stickers ?? []),
  );
}

/**
 * @param {import('./page.js').Page} page
 * @returns {{sent: (text: string) => boolean}} `sent`: tells the suggestions a text went (they close), and answers
 *   whether it was one chosen unchanged (never before they load).
 */
export function wireSuggestions({ doc, store, strings, session, api }) {
  let list = null;
  whenOffered(
    store,
    'hintsEnabled',
    () => store.hintsEnabled,
    () => import('../components/hints.js').then((m) => m.startHints(doc, { strings, session, api })),
    (loaded) => (list = loaded).enable(store.hintsEnabled),
  );
  return { sent: (text) => list?.sent(text) === true };
}

/**
 * Loads a part the first time the store's `field` offers it, then has it follow every change of the field.
 * @template T
 * @param {import('../store.js').ChatStore} store
 * @param {string} field
 * @param {() => boolean} isOffered
 * @param {() => Promise<T>} load
 * @param {(part: T) => void} follow
 */
function whenOffered(store, field, isOffered, load, follow) {
  let loaded = null;
  store.addEventListener(field, () => {
    if (loaded === null && !isOffered()) return;
    loaded ??= load();
    void loaded.then(follow);
  });
}
