// What the first view does not show loads the first time it is needed, with its styles and strings, and costs the
// page's first load nothing: the lightbox, the panels (their markup too), and the parts many chats never show
// (`components/{name}.js`, exporting `start`): the survey card, an operator's invitation, the pre-chat form.

import { loadStylesheet } from '../dom.js';

/**
 * Each part's loader: the first call loads and starts the part, and every call gets the same promise of it.
 * @typedef {object} Parts
 * @property {() => Promise<import('../components/lightbox.js').Lightbox>} lightbox
 * @property {() => Promise<{rating: import('../components/panels.js').RatingForm, transcriptForm: import('../components/panels.js').TranscriptForm}>} panels
 * @property {() => Promise<any>} survey The survey card.
 * @property {() => Promise<any>} invitation
 * @property {() => Promise<any>} prechat
 */

/**
 * The page's loaders; none loads yet.
 * @param {import('./page.js').Page} page
 * @returns {Parts}
 */
export function lazyParts({ doc, store, strings, session, config }) {
  const part = (name, deps) => once(() => import(`../components/${name}.js`).then((m) => m.start(doc, { store, strings, session, ...deps })));
  return {
    lightbox: once(async () => {
      const [{ Lightbox }] = await Promise.all([import('../components/lightbox.js'), loadStylesheet(doc, '/static/css/lightbox.css')]);
      return new Lightbox(doc, strings);
    }),
    panels: once(async () => {
      const [{ startPanels }] = await Promise.all([import('../components/panels.js'), loadStylesheet(doc, '/static/css/panels.css')]);
      return startPanels(doc, { store, strings, session });
    }),
    survey: part('survey'),
    invitation: part('invitation'),
    prechat: part('prechat', { location: config.location }),
  };
}

/**
 * Loads each part the first time the store's state calls for it (the header, the transcript and a `result` open
 * some too).
 * @param {import('./page.js').Page} page
 */
export function loadPartsWhenCalledFor({ store, parts }) {
  store.addEventListener('survey', () => store.survey && void parts.survey());
  store.addEventListener('chatState', () => store.chatState === 'invitation' && void parts.invitation());
  // The location's pre-chat form may come before a chat: looked for once the page is live with none.
  store.addEventListener('connection', () => store.connection === 'live' && !store.entries.length && void parts.prechat());
  // The department list and the offline form load when the chat's state first calls for them.
  const needsPanels = () =>
    ['departmentSelection', 'offlineMessage'].includes(store.visitState) || ['offline', 'busyOffline'].includes(store.onlineStatus);
  for (const name of ['visitState', 'onlineStatus']) {
    store.addEventListener(name, () => {
      if (needsPanels()) void parts.panels();
    });
  }
}

/**
 * Wraps an async factory so it runs once; every call gets the same promise. A failed run (the
 * connection dropped while a module loaded) is forgotten, so the next call tries again.
 * @template T
 * @param {() => Promise<T>} factory
 * @returns {() => Promise<T>}
 */
function once(factory) {
  let promise = null;
  return () =>
    (promise ??= factory().catch((error) => {
      promise = null;
      throw error;
    }));
}
