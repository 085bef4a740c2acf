import assert from 'node:assert/strict';
import { test } from 'node:test';

import { KEY_PREFIX } from '../../Public/js/kept-visitor.js';
import { LOGGED_OUT_KEY, forgetIdentified, loggedOutAt, namedBeforeLogout, noteLogout } from '../../Public/js/logout.js';
import { MemoryStorage } from './fakes.mjs';

const TAB_A = 'AAAAAAAAAAAAAAAAAAAAAA';
const TAB_B = 'BBBBBBBBBBBBBBBBBBBBBB';
const TAB_C = 'CCCCCCCCCCCCCCCCCCCCCC';
const SIGNED = JSON.stringify({ fields: { id: 'ann-1', name: 'Ann' }, expires: 2_000_000_000, hash: 'f00d' });

function record(tabId, visitorFields = null) {
  return JSON.stringify({ tabId, credential: `v1.sealed-${tabId}`, expires: 2_000_000_000, visitorFields });
}

/** Storage whose every call throws, as a browser's with storage disabled does. */
const refusing = {
  get length() {
    throw new Error('SecurityError');
  },
  key() {
    throw new Error('SecurityError');
  },
  getItem() {
    throw new Error('SecurityError');
  },
  setItem() {
    throw new Error('SecurityError');
  },
  removeItem() {
    throw new Error('SecurityError');
  },
};

test('a logout forgets every identified visitor, at every location, and no one else', () => {
  const storage = new MemoryStorage();
  storage.setItem(`${KEY_PREFIX}shop`, record(TAB_A, SIGNED));
  storage.setItem(`${KEY_PREFIX}support`, record(TAB_B, SIGNED));
  storage.setItem(`${KEY_PREFIX}news`, record(TAB_C));
  storage.setItem('webim-widget.consent', 'given');
  storage.setItem(`${KEY_PREFIX}broken`, 'not a record');

  assert.deepEqual(forgetIdentified(storage).sort(), [TAB_A, TAB_B]);
  assert.equal(storage.getItem(`${KEY_PREFIX}shop`), null);
  assert.equal(storage.getItem(`${KEY_PREFIX}support`), null);
  // An anonymous visitor, consent and what is no record stay as they were.
  assert.equal(storage.getItem(`${KEY_PREFIX}news`), record(TAB_C));
  assert.equal(storage.getItem('webim-widget.consent'), 'given');
  assert.equal(storage.getItem(`${KEY_PREFIX}broken`), 'not a record');
  // Nothing of the visitor is left to read.
  for (const key of storage.keys()) assert.ok(!storage.getItem(key).includes('ann-1'), key);
});

test('a logout when no one is identified forgets nothing', () => {
  const storage = new MemoryStorage();
  storage.setItem(`${KEY_PREFIX}shop`, record(TAB_A));
  assert.deepEqual(forgetIdentified(storage), []);
  assert.deepEqual(forgetIdentified(new MemoryStorage()), []);
  assert.deepEqual(forgetIdentified(null), []);
  assert.equal(storage.getItem(`${KEY_PREFIX}shop`), record(TAB_A));
});

test('a visitor the site named before the last logout is stale; one named after it is not', () => {
  const storage = new MemoryStorage();
  assert.equal(loggedOutAt(storage), 0);
  assert.equal(namedBeforeLogout(1_000, storage), false);
  noteLogout(5_000, storage);
  assert.equal(storage.getItem(LOGGED_OUT_KEY), '5000');
  assert.equal(namedBeforeLogout(4_999, storage), true);
  assert.equal(namedBeforeLogout(5_000, storage), false);
  assert.equal(namedBeforeLogout(5_001, storage), false);
  // A logout the frame hears late (queued before it loaded) does not move the time back.
  noteLogout(3_000, storage);
  assert.equal(loggedOutAt(storage), 5_000);
  noteLogout(7_000, storage);
  assert.equal(loggedOutAt(storage), 7_000);
});

test('the time is only a time: anything else reads as no logout', () => {
  const storage = new MemoryStorage();
  for (const value of ['', 'soon', '-5', 'NaN']) {
    storage.setItem(LOGGED_OUT_KEY, value);
    assert.equal(loggedOutAt(storage), 0, value);
  }
});

test('storage that throws keeps nothing and breaks nothing', () => {
  assert.deepEqual(forgetIdentified(/** @type {any} */ (refusing)), []);
  assert.equal(loggedOutAt(/** @type {any} */ (refusing)), 0);
  noteLogout(1_000, /** @type {any} */ (refusing));
  assert.equal(namedBeforeLogout(999, /** @type {any} */ (refusing)), false);
});
