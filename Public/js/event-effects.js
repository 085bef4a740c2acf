// What each event of the tab's stream does to the page, as data: the store's changes and the session's own steps,
// in the order they happen. Pure (no store, no DOM, no network, no clock), so that the handling of every event is
// tested in Node (Tests/Page/event-effects.test.mjs); the session carries the effects out (session.js `#apply`).
// No state goes in: what an event does never depends on the page's state. The store drops a `set` to the value it
// has, and the outbox knows whether a `result` answers this page.

/** Message types an operator or a bot sends: the page beeps for them. */
const FROM_OPERATOR = new Set(['operator', 'fileFromOperator', 'keyboard']);

/**
 * One thing an event does:
 * - `{store, args}`: the store's method `store`, called with `args`;
 * - `{emit, detail}`: the session dispatches its event `emit`;
 * - `{finish}`: the action that this `result` answers is settled;
 * - `{stop: true}`: the session stops for good;
 * - `{log, text, data}`: the console hears of it.
 * @typedef {{store: 'applySnapshot' | 'addMessage' | 'changeMessage' | 'removeMessage' | 'clearMessages' | 'set', args: unknown[]}
 *   | {emit: 'messageAdded' | 'operatorMessage' | 'transientError', detail: unknown}
 *   | {finish: {clientId: string, ok: boolean, error?: object | null}}
 *   | {stop: true}
 *   | {log: 'warn' | 'error', text: string, data: unknown}} Effect
 */

/**
 * What an event of the tab's stream does, in order; nothing for an event the page does not know, or whose data it
 * cannot use.
 * @param {string} name The event's name (`EVENT_NAMES` in events.js).
 * @param {any} data Its data, decoded.
 * @returns {Effect[]}
 */
export function effectsOf(name, data) {
  switch (name) {
    case 'snapshot':
      // The session had already ended for good (read by another browser tab of the visitor, or after a reload).
      return [call('applySnapshot', data), ...(typeof data.fatal === 'string' ? effectsOf('error.fatal', { type: data.fatal }) : [])];
    case 'message.added':
      if (!data.message) return [];
      return [
        call('addMessage', data.message, data.beforeId ?? null),
        { emit: 'messageAdded', detail: data.message },
        ...(FROM_OPERATOR.has(data.message.type) ? [{ emit: 'operatorMessage', detail: data.message }] : []),
      ];
    case 'message.changed':
      return data.message ? [call('changeMessage', data.message)] : [];
    case 'message.removed':
      return typeof data.id === 'string' ? [call('removeMessage', data.id)] : [];
    case 'messages.cleared':
      return [call('clearMessages')];
    case 'history.complete':
      return [set('hasMoreHistory', false)];
    case 'operator.changed':
      return [set('operator', data.operator ?? null)];
    case 'operator.typing':
      return [set('operatorTyping', Boolean(data.typing))];
    case 'chat.state':
    case 'visit.state':
    case 'online.status': {
      if (typeof data.state !== 'string' && typeof data.status !== 'string') return [];
      const field = name === 'chat.state' ? 'chatState' : name === 'visit.state' ? 'visitState' : 'onlineStatus';
      return [set(field, data.state ?? data.status)];
    }
    case 'departments':
      return Array.isArray(data.departments) ? [set('departments', data.departments)] : [];
    case 'unread.visitor':
      return [set('unread', { count: Number(data.count) || 0, time: data.time ?? null })];
    case 'hello':
      return typeof data.text === 'string' ? [set('hello', data.text)] : [];
    case 'result':
      return typeof data.clientId === 'string' ? [{ finish: data }] : [];
    case 'survey':
      return [set('survey', data.survey ?? null)];
    case 'location.settings':
      return [set('hintsEnabled', data.hintsEnabled === true)];
    case 'error.fatal':
      return [
        { log: 'error', text: 'The chat service reported a fatal error', data },
        { stop: true },
        set('fatal', typeof data.type === 'string' ? data.type : 'unknown'),
        set('connection', 'failed'),
      ];
    case 'error.transient':
      return [{ log: 'warn', text: 'The chat service reported a transient error', data }, { emit: 'transientError', detail: data }];
    default:
      return [];
  }
}

/** @returns {Effect} A call of the store's `method`. */
const call = (method, ...args) => /** @type {Effect} */ ({ store: method, args });

/** @returns {Effect} The store's field `field` set to `value`. */
const set = (field, value) => call('set', field, value);
