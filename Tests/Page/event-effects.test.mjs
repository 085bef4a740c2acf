import assert from 'node:assert/strict';
import { test } from 'node:test';

import { effectsOf } from '../../Public/js/event-effects.js';
import { ChatStore } from '../../Public/js/store.js';
// CustomEvent, which the store dispatches, for Node 18.
import './fakes.mjs';

const set = (field, value) => ({ store: 'set', args: [field, value] });

/** Does to `store` what the session does with each store effect; the others are returned, in order. */
function applyToStore(store, effects) {
  const others = [];
  for (const effect of effects) {
    if ('store' in effect) store[effect.store](...effect.args);
    else others.push(effect);
  }
  return others;
}

test('a snapshot replaces the store’s state', () => {
  const snapshot = { messages: [{ id: 'm1', type: 'operator', text: 'Hi' }], chatState: 'chatting' };
  assert.deepEqual(effectsOf('snapshot', snapshot), [{ store: 'applySnapshot', args: [snapshot] }]);
});

test('a snapshot of a session that had already ended for good fails the page as the fatal error would', () => {
  const snapshot = { messages: [], fatal: 'visitorBanned' };
  assert.deepEqual(effectsOf('snapshot', snapshot), [
    { store: 'applySnapshot', args: [snapshot] },
    { log: 'error', text: 'The chat service reported a fatal error', data: { type: 'visitorBanned' } },
    { stop: true },
    set('fatal', 'visitorBanned'),
    set('connection', 'failed'),
  ]);
});

test('a new message goes into the store, before the one it names, and is announced; an operator’s or a bot’s also beeps', () => {
  const visitor = { id: 'm2', type: 'visitor', text: 'Hello' };
  assert.deepEqual(effectsOf('message.added', { message: visitor, beforeId: 'm3' }), [
    { store: 'addMessage', args: [visitor, 'm3'] },
    { emit: 'messageAdded', detail: visitor },
  ]);
  for (const type of ['operator', 'fileFromOperator', 'keyboard']) {
    const message = { id: 'm4', type };
    assert.deepEqual(effectsOf('message.added', { message }), [
      { store: 'addMessage', args: [message, null] },
      { emit: 'messageAdded', detail: message },
      { emit: 'operatorMessage', detail: message },
    ]);
  }
  for (const type of ['info', 'fileFromVisitor', 'actionRequest', undefined]) {
    assert.ok(!effectsOf('message.added', { message: { id: 'm5', type } }).some((effect) => effect.emit === 'operatorMessage'), type);
  }
});

test('a changed or removed message changes the store; one without its message or id changes nothing', () => {
  const message = { id: 'm1', text: 'Edited' };
  assert.deepEqual(effectsOf('message.changed', { message }), [{ store: 'changeMessage', args: [message] }]);
  assert.deepEqual(effectsOf('message.removed', { id: 'm1' }), [{ store: 'removeMessage', args: ['m1'] }]);
  assert.deepEqual(effectsOf('messages.cleared', {}), [{ store: 'clearMessages', args: [] }]);
  assert.deepEqual(effectsOf('message.added', {}), []);
  assert.deepEqual(effectsOf('message.changed', { message: null }), []);
  assert.deepEqual(effectsOf('message.removed', { id: 7 }), []);
});

test('the chat’s, the visit’s and the location’s states set their fields, from `state` or `status`', () => {
  assert.deepEqual(effectsOf('chat.state', { state: 'chatting' }), [set('chatState', 'chatting')]);
  assert.deepEqual(effectsOf('visit.state', { state: 'departmentSelection' }), [set('visitState', 'departmentSelection')]);
  assert.deepEqual(effectsOf('online.status', { status: 'busyOffline' }), [set('onlineStatus', 'busyOffline')]);
  assert.deepEqual(effectsOf('chat.state', { status: 'queue' }), [set('chatState', 'queue')]);
  assert.deepEqual(effectsOf('chat.state', { state: 3 }), []);
  assert.deepEqual(effectsOf('online.status', {}), []);
});

test('the fields an event carries are set as the views read them, with their defaults', () => {
  const cases = [
    ['history.complete', {}, set('hasMoreHistory', false)],
    ['operator.changed', { operator: { id: 'o1', name: 'Olga' } }, set('operator', { id: 'o1', name: 'Olga' })],
    ['operator.changed', {}, set('operator', null)],
    ['operator.typing', { typing: 1 }, set('operatorTyping', true)],
    ['operator.typing', {}, set('operatorTyping', false)],
    ['departments', { departments: [{ key: 'sales' }] }, set('departments', [{ key: 'sales' }])],
    ['unread.visitor', { count: '3', time: 1700 }, set('unread', { count: 3, time: 1700 })],
    ['unread.visitor', { count: 'many' }, set('unread', { count: 0, time: null })],
    ['hello', { text: 'Ask us' }, set('hello', 'Ask us')],
    ['survey', { survey: { id: 's1' } }, set('survey', { id: 's1' })],
    ['survey', {}, set('survey', null)],
    ['location.settings', { hintsEnabled: true }, set('hintsEnabled', true)],
    ['location.settings', { hintsEnabled: 'yes' }, set('hintsEnabled', false)],
  ];
  for (const [name, data, effect] of cases) assert.deepEqual(effectsOf(name, data), [effect], `${name} ${JSON.stringify(data)}`);
  assert.deepEqual(effectsOf('departments', { departments: 'sales' }), []);
  assert.deepEqual(effectsOf('hello', { text: null }), []);
});

test('a result settles the action it answers; one without a clientId answers nothing', () => {
  const result = { clientId: 'c1', ok: false, error: { code: 'file_too_large' } };
  assert.deepEqual(effectsOf('result', result), [{ finish: result }]);
  assert.deepEqual(effectsOf('result', { ok: true }), []);
});

test('a fatal error is logged, stops the session, then fails the page with its type', () => {
  assert.deepEqual(effectsOf('error.fatal', { type: 'accountBlocked' }), [
    { log: 'error', text: 'The chat service reported a fatal error', data: { type: 'accountBlocked' } },
    { stop: true },
    set('fatal', 'accountBlocked'),
    set('connection', 'failed'),
  ]);
  assert.deepEqual(effectsOf('error.fatal', {}).slice(2), [set('fatal', 'unknown'), set('connection', 'failed')]);
});

test('a transient error is logged and announced, and changes nothing', () => {
  const data = { type: 'serviceUnavailable', message: 'Try later' };
  assert.deepEqual(effectsOf('error.transient', data), [
    { log: 'warn', text: 'The chat service reported a transient error', data },
    { emit: 'transientError', detail: data },
  ]);
});

test('an event the page does not know does nothing', () => {
  for (const name of ['tab.credential', 'ping', 'constructor', 'toString', '']) assert.deepEqual(effectsOf(name, {}), [], name);
});

test('the store effects of a conversation, carried out on a real store, leave it as the views expect', () => {
  const store = new ChatStore();
  const changed = [];
  for (const name of ['messages', 'chatState', 'operator', 'unread', 'fatal', 'connection']) store.addEventListener(name, () => changed.push(name));
  const operator = { id: 'o1', name: 'Olga' };
  const events = [
    ['snapshot', { messages: [{ id: 'm1', type: 'visitor', text: 'Hi' }], chatState: 'queue' }],
    ['operator.changed', { operator }],
    ['chat.state', { state: 'chatting' }],
    ['message.added', { message: { id: 'm2', type: 'operator', text: 'Hello, how can I help?' } }],
    ['message.added', { message: { id: 'm0', type: 'info', text: 'Earlier' }, beforeId: 'm1' }],
    ['message.changed', { message: { id: 'm1', type: 'visitor', text: 'Hi there', edited: true } }],
    ['message.removed', { id: 'm0' }],
    ['unread.visitor', { count: 1, time: 1700 }],
  ];
  const others = events.flatMap(([name, data]) => applyToStore(store, effectsOf(name, data)));
  assert.deepEqual(
    store.entries.map((entry) => [entry.message.id, entry.message.text, entry.message.edited]),
    [['m1', 'Hi there', true], ['m2', 'Hello, how can I help?', false]],
  );
  assert.equal(store.chatState, 'chatting');
  assert.deepEqual(store.operator, operator);
  assert.deepEqual(store.lastOperator, operator);
  assert.deepEqual(store.unread, { count: 1, time: 1700 });
  assert.deepEqual(changed, ['messages', 'chatState', 'operator', 'chatState', 'messages', 'messages', 'messages', 'messages', 'unread']);
  // What is not the store's is left to the session: the new messages' announcements, and the operator's beep.
  assert.deepEqual(others.map((effect) => effect.emit), ['messageAdded', 'operatorMessage', 'messageAdded']);
});
