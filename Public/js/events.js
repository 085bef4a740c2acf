// The tab's server-sent event stream: the page kit's EventStream with the names the widget server
// sends. It reports `closed` when EventSource gives up for good (an HTTP error, or 204 for a tab
// that no longer exists), and the session decides what to do next.

import { EventStream } from '../shared/events.js';

/** Event names the server sends; each carries JSON data. */
export const EVENT_NAMES = Object.freeze([
  'snapshot',
  'message.added',
  'message.changed',
  'message.removed',
  'messages.cleared',
  'history.complete',
  'operator.changed',
  'operator.typing',
  'chat.state',
  'visit.state',
  'departments',
  'location.settings',
  'online.status',
  'unread.operator',
  'unread.visitor',
  'error.fatal',
  'error.transient',
  'result',
  'hello',
  'tab.credential',
  'survey',
  'reconnect',
]);

/** One EventSource for one tab; see the kit's EventStream for its events and states. */
export class TabEventStream extends EventStream {
  /** @param {string} url The stream's URL. */
  constructor(url) {
    super(url, EVENT_NAMES);
  }
}
