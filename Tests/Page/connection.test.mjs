import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Backoff } from '../../Public/js/backoff.js';
import { TabConnection } from '../../Public/js/connection.js';
import { VisitorKeeper } from '../../Public/js/kept-visitor.js';
import { ApiError, FakeApi, FakeLocks, FakeStream, FakeSync, ManualClock, MemoryStorage, settle } from './fakes.mjs';

const TAB_A = 'AAAAAAAAAAAAAAAAAAAAAA';
const TAB_B = 'BBBBBBBBBBBBBBBBBBBBBB';

function make({ leads = true, local = new MemoryStorage(), ids = [TAB_A, TAB_B] } = {}) {
  const api = new FakeApi();
  const clock = new ManualClock();
  const sync = new FakeSync({ leads });
  const streams = [];
  const keeper = new VisitorKeeper({ location: 'shop', scope: 'site', frameName: '', storage: { local }, locks: new FakeLocks(), now: () => clock.now() });
  const connection = new TabConnection({
    api,
    keeper,
    fields: { location: 'shop' },
    makeStream: (url) => {
      const stream = new FakeStream(url);
      streams.push(stream);
      return stream;
    },
    sync,
    clock,
    backoff: new Backoff({ random: () => 0.5 }),
    makeTabId: () => ids.shift(),
  });
  const given = [];
  const states = [];
  let opened = 0;
  connection.addEventListener('event', (event) => given.push(event.detail));
  connection.addEventListener('state', (event) => states.push(event.detail.state));
  connection.addEventListener('opened', () => (opened += 1));
  return { api, clock, sync, streams, keeper, connection, given, states, local, opened: () => opened };
}

test('the leader opens the kept tab, reads its stream, relays each event, and keeps the credential it carries', async () => {
  const { api, sync, streams, keeper, connection, given, opened } = make();
  connection.start();
  await settle();
  assert.deepEqual(api.created, [{ tabId: TAB_A, fields: { location: 'shop' } }]);
  assert.equal(opened(), 1);
  assert.equal(streams.length, 1);
  assert.equal(streams[0].url, `/api/tabs/${TAB_A}/events`);
  streams[0].emit('snapshot', { messages: [], credential: 'v1.first', credentialExpires: 4_000_000_000 }, '10');
  streams[0].emit('message.added', { message: { id: 'm1' } }, '11');
  assert.deepEqual(given.map((event) => event.name), ['snapshot', 'message.added']);
  assert.deepEqual(
    sync.posted.filter((message) => message.kind === 'event').map((message) => [message.name, message.id, message.tabId]),
    [['snapshot', '10', TAB_A], ['message.added', '11', TAB_A]],
  );
  assert.equal(keeper.read()?.credential, 'v1.first');
  streams[0].emit('tab.credential', { credential: 'v1.second', expires: 4_000_000_001 }, '12');
  assert.deepEqual([keeper.read()?.credential, keeper.read()?.expires], ['v1.second', 4_000_000_001]);
});

test('a returning visitor opens the kept tab with its credential', async () => {
  const local = new MemoryStorage();
  const first = make({ local });
  first.connection.start();
  await settle();
  first.streams[0].emit('tab.credential', { credential: 'v1.kept', expires: 4_000_000_000 }, '5');
  first.connection.stop();
  const again = make({ local, ids: [TAB_B] });
  again.connection.start();
  await settle();
  assert.deepEqual(again.api.created, [{ tabId: TAB_A, fields: { location: 'shop', credential: 'v1.kept' } }]);
});

test('a follower reads the snapshot, then only what the leader relays after it, and mirrors its state', async () => {
  const { api, streams, sync, connection, given, states } = make({ leads: false });
  let answer;
  api.onRequest = (method, path) => {
    assert.equal(`${method} ${path}`, `GET /api/tabs/${TAB_A}/snapshot`);
    return new Promise((resolve) => (answer = resolve));
  };
  connection.start();
  await settle();
  assert.equal(streams.length, 0, 'a follower opens no stream of its own');
  // Relayed while the snapshot is on its way: one the snapshot has, one after it.
  sync.deliver({ kind: 'event', tabId: TAB_A, name: 'message.added', data: { message: { id: 'old' } }, id: '20' });
  sync.deliver({ kind: 'event', tabId: TAB_A, name: 'message.added', data: { message: { id: 'new' } }, id: '22' });
  answer({ eventId: '21', snapshot: { messages: [{ id: 'old' }] } });
  await settle();
  sync.deliver({ kind: 'event', tabId: TAB_A, name: 'message.changed', data: { message: { id: 'new' } }, id: '23' });
  sync.deliver({ kind: 'event', tabId: TAB_B, name: 'message.added', data: { message: { id: 'not-ours' } }, id: '24' });
  assert.deepEqual(given.map((event) => [event.name, event.data.message?.id ?? null]), [
    ['snapshot', null],
    ['message.added', 'new'],
    ['message.changed', 'new'],
  ]);
  sync.deliver({ kind: 'state', tabId: TAB_A, state: 'reconnecting' });
  assert.equal(states.at(-1), 'reconnecting');
});

test('a follower whose leader leaves leads, from the last event it had', async () => {
  const { api, streams, sync, connection } = make({ leads: false });
  api.onRequest = async () => ({ eventId: '30', snapshot: {} });
  connection.start();
  await settle();
  sync.deliver({ kind: 'event', tabId: TAB_A, name: 'hello', data: { text: 'Hi' }, id: '31' });
  sync.onLead();
  assert.equal(streams.length, 1);
  assert.equal(streams[0].url, `/api/tabs/${TAB_A}/events?after=31`);
  assert.equal(connection.leading, true);
});

test('a tab no server can continue is forgotten: the page goes on at once as a new visitor', async () => {
  const { api, keeper, connection } = make({ ids: [TAB_B] });
  await keeper.claim(() => TAB_A);
  keeper.update(TAB_A, { credential: 'v1.forged' });
  api.onCreate = async (tabId, fields) => {
    if (fields.credential) throw new ApiError(403, 'invalid_credential', 'The credential does not belong to this tab.');
    return tabId;
  };
  connection.start();
  await settle();
  assert.deepEqual(api.created.map((created) => created.tabId), [TAB_A, TAB_B]);
  assert.equal(keeper.read()?.tabId, TAB_B);
});

test('a stream the server ended opens the tab again after the backoff, and goes on from its last event', async () => {
  const { api, clock, streams, connection, states, opened } = make();
  connection.start();
  await settle();
  streams[0].emit('snapshot', {}, '40');
  streams[0].setState('closed');
  assert.equal(states.at(-1), 'reconnecting');
  assert.equal(connection.tabId, null);
  clock.advance(1000);
  await settle();
  assert.equal(api.created.length, 2);
  assert.equal(opened(), 2);
  assert.equal(streams[1].url, `/api/tabs/${TAB_A}/events?after=40`);
});

test('a server that is down is tried again with backoff, and at once when the network comes back', async () => {
  const { api, clock, connection } = make();
  let down = true;
  api.onCreate = async (tabId) => {
    if (down) throw new ApiError(0, 'network_error', 'The server does not answer.');
    return tabId;
  };
  connection.start();
  await settle();
  assert.equal(api.created.length, 1);
  clock.advance(749);
  await settle();
  assert.equal(api.created.length, 1);
  clock.advance(1);
  await settle();
  assert.equal(api.created.length, 2);
  down = false;
  connection.wake();
  await settle();
  assert.equal(api.created.length, 3);
  assert.equal(connection.tabId, TAB_A);
});
