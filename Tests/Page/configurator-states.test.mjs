import assert from 'node:assert/strict';
import { test } from 'node:test';

import { DEFAULT_STATE, loadStates, queryInState, stateMode, stateNamed } from '../../Public/js/configurator-states.js';

// The configurator's State choice: which state an address names, and the frame's query in it. A few states in the
// shape of GET /preview/states (the real list is the service's; the browser test reads it).
const STATES = [
  { name: 'messages', caption: 'Every message', location: 'gallery', summary: '' },
  { name: DEFAULT_STATE, caption: 'New visitor', location: 'manual', summary: '' },
  { name: 'offline', caption: 'Offline', location: 'offline', summary: '' },
  { name: 'kiosk', caption: 'Kiosk', location: 'manual', page: 'mode=kiosk&idle=5&countdown=60', summary: '' },
];

test('an address names a state; no name or an unknown one is the new visitor', () => {
  assert.equal(stateNamed(STATES, 'offline')?.name, 'offline');
  assert.equal(stateNamed(STATES, null)?.name, DEFAULT_STATE);
  assert.equal(stateNamed(STATES, 'nope')?.name, DEFAULT_STATE);
  assert.equal(stateNamed(STATES.filter((state) => state.name !== DEFAULT_STATE), 'nope'), null);
});

test('a state puts its location over the options, keeping the rest; the new visitor changes nothing', () => {
  assert.equal(queryInState('palette=green&location=sales', STATES[2]), 'palette=green&location=offline');
  assert.equal(queryInState('palette=green', STATES[2]), 'palette=green&location=offline');
  assert.equal(queryInState('palette=green&location=sales', STATES[1]), 'palette=green&location=sales');
  assert.equal(queryInState('title=A+%26+B', null), 'title=A+%26+B');
});

test('a state with page settings adds them once, over the device mode', () => {
  assert.equal(queryInState('dark=1&mode=kiosk', STATES[3]), 'dark=1&mode=kiosk&location=manual&idle=5&countdown=60');
  assert.equal(stateMode(STATES[3]), 'kiosk');
  assert.equal(stateMode(STATES[2]), null);
  assert.equal(stateMode(null), null);
});

test('a service without states is a reason, never a throw', async () => {
  const answer = (status, body) => async () => new Response(JSON.stringify(body), { status });
  const down = await loadStates(answer(502, { error: { code: 'states_unavailable', message: 'x' } }));
  assert.match(/** @type {{unavailable: string}} */ (down).unavailable, /^No states to choose: /);
  assert.deepEqual(Object.keys(await loadStates(answer(200, { states: [] }))), ['unavailable']);
  assert.deepEqual(Object.keys(await loadStates(async () => { throw new TypeError('refused'); })), ['unavailable']);
  const listed = await loadStates(answer(200, { states: [...STATES, { name: 3 }] }));
  assert.deepEqual(/** @type {{states: unknown[]}} */ (listed).states, STATES);
});
