import assert from 'node:assert/strict';
import { test } from 'node:test';

import { VisitorKeeper } from '../../Public/js/kept-visitor.js';
import { ChatSession } from '../../Public/js/session.js';
import { ChatStore } from '../../Public/js/store.js';
import { FakeApi, FakeStream, MemoryStorage, settle } from './fakes.mjs';

// The session between its stream and its store: each event's effects (event-effects.js, tested alone) carried out.

/** A session on one browser tab's visitor, its tab open and its stream given to the test. */
async function open() {
  const api = new FakeApi();
  const store = new ChatStore();
  const streams = [];
  const keeper = new VisitorKeeper({ location: 'shop', scope: 'tab', frameName: '', storage: { session: new MemoryStorage() } });
  const session = new ChatSession({
    api,
    store,
    location: 'shop',
    keeper,
    makeStream: (url) => {
      const stream = new FakeStream(url);
      streams.push(stream);
      return stream;
    },
  });
  const heard = [];
  for (const type of ['messageAdded', 'operatorMessage', 'result', 'transientError']) {
    session.addEventListener(type, (event) => heard.push([type, /** @type {CustomEvent} */ (event).detail]));
  }
  session.start();
  await settle();
  assert.equal(streams.length, 1);
  return { api, store, session, stream: streams[0], heard };
}

test('events change the store, and a new operator message is announced twice: as a message and for the beep', async () => {
  const { store, session, stream, heard } = await open();
  stream.emit('snapshot', { messages: [{ id: 'm1', type: 'visitor', text: 'Hi' }], chatState: 'chatting' });
  const answer = { id: 'm2', type: 'operator', text: 'Hello' };
  stream.emit('message.added', { message: answer });
  stream.emit('operator.typing', { typing: true });
  assert.deepEqual(store.entries.map((entry) => entry.message.id), ['m1', 'm2']);
  assert.equal(store.chatState, 'chatting');
  assert.equal(store.operatorTyping, true);
  assert.deepEqual(heard, [['messageAdded', answer], ['operatorMessage', answer]]);
  session.stop();
});

test('a result settles the request it answers, with the kind of action it was', async () => {
  const { api, session, stream, heard } = await open();
  const outcome = session.request('contacts', 'POST', '/contacts', { email: 'ann@example.com' });
  await settle();
  const { clientId } = /** @type {any} */ (api.requests.find((request) => request.path.endsWith('/contacts'))).body;
  stream.emit('result', { clientId: 'someone-else', ok: true, error: null });
  stream.emit('result', { clientId, ok: true, error: null });
  assert.deepEqual(await outcome, { clientId, ok: true, error: null });
  // Another browser tab's result is not this page's.
  assert.deepEqual(heard, [['result', { clientId, ok: true, error: null, kind: 'contacts' }]]);
  session.stop();
});

test('a fatal error stops the session and fails the page with its type; a transient one is only announced', async (t) => {
  const errors = t.mock.method(console, 'error', () => {});
  const warnings = t.mock.method(console, 'warn', () => {});
  const { store, stream, heard } = await open();
  stream.emit('error.transient', { type: 'slow' });
  assert.deepEqual(heard, [['transientError', { type: 'slow' }]]);
  assert.equal(warnings.mock.callCount(), 1);
  assert.equal(stream.closed, false);
  stream.emit('error.fatal', { type: 'visitorBanned' });
  assert.equal(errors.mock.callCount(), 1);
  assert.equal(stream.closed, true);
  assert.equal(store.fatal, 'visitorBanned');
  assert.equal(store.connection, 'failed');
});
