// The page kit's connection line as a banner: in the visitor's words, only while the stream is down. A visitor the
// chat service refuses (banned, a blocked account) is told which, and the composer closes.

import { ConnectionStatus } from '../../shared/connection-status.js';
import { required } from '../dom.js';

/** @param {import('./page.js').Page} page */
export function wireConnectionBanner({ doc, store, strings, composer }) {
  const banner = required(doc, '[data-connection-banner]');
  // A fatal error says which (a banned visitor, a blocked account) where the errors part words it.
  const fatal = () => (strings.has(`fatal_${store.fatal}`) ? `fatal_${store.fatal}` : 'failed');
  const status = new ConnectionStatus(banner, { store, label: (state) => (state === 'live' ? '' : strings.t(state === 'failed' ? fatal() : state)) });
  // Refusals are worded from the errors part, loaded once the chat is live (it costs the first load nothing); a
  // visitor refused from the start (banned, a blocked account) never was live, so the banner waits for its words.
  store.addEventListener('connection', () => {
    if (store.connection === 'live') void strings.load('errors');
    if (store.connection === 'failed') {
      composer.refuse();
      void strings.load('errors').then(() => status.render(store.connection));
    }
  });
}
