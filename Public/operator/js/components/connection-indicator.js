// The connection line in the bar: the page kit's ConnectionStatus on `[data-connection]`, always
// shown, saying whether the list is live.

import { ConnectionStatus } from '../../../shared/connection-status.js';
import { t } from '../i18n.js';

/** The string key for each connection state. */
export const CONNECTION_KEYS = Object.freeze({
  connecting: 'connection.connecting',
  live: 'connection.live',
  reconnecting: 'connection.reconnecting',
  // EventSource gave up; the console opens the stream again (events.js).
  closed: 'connection.reconnecting',
});

/** Tells the operator whether changes are arriving. */
export class ConnectionIndicator extends ConnectionStatus {
  /**
   * @param {HTMLElement} root The `[data-connection]` element.
   * @param {object} deps
   * @param {import('../store.js').ConsoleStore} deps.store
   */
  constructor(root, { store }) {
    super(root, { store, label: (state) => (state in CONNECTION_KEYS ? t(CONNECTION_KEYS[state]) : state) });
  }
}
