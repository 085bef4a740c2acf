// The connection line in the bar: the page kit's ConnectionStatus on `[data-connection]`, always
// shown, saying whether the list is live.

import { ConnectionStatus } from '../../../shared/connection-status.js';

/** Text for each connection state. */
export const CONNECTION_LABELS = Object.freeze({
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Connection lost. Reconnecting…',
  // EventSource gave up; the console opens the stream again (events.js).
  closed: 'Connection lost. Reconnecting…',
});

/** Tells the operator whether changes are arriving. */
export class ConnectionIndicator extends ConnectionStatus {
  /**
   * @param {HTMLElement} root The `[data-connection]` element.
   * @param {object} deps
   * @param {import('../store.js').ConsoleStore} deps.store
   */
  constructor(root, { store }) {
    super(root, { store, label: (state) => CONNECTION_LABELS[state] ?? state });
  }
}
