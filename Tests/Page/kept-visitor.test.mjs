import assert from 'node:assert/strict';
import { test } from 'node:test';

import { VisitorKeeper, keptVisitorKey } from '../../Public/js/kept-visitor.js';
import { FakeLocks, MemoryStorage } from './fakes.mjs';

const TAB_A = 'AAAAAAAAAAAAAAAAAAAAAA';
const TAB_B = 'BBBBBBBBBBBBBBBBBBBBBB';

function keeper({ scope = 'site', now = () => 0, local = new MemoryStorage(), session = new MemoryStorage(), locks = new FakeLocks() } = {}) {
  return { keeper: new VisitorKeeper({ location: 'shop', scope, frameName: '', storage: { local, session }, locks, now }), local, session };
}

test('a site keeps its visitor in localStorage, a tab in sessionStorage, each under the location', () => {
  const site = keeper();
  return site.keeper.claim(() => TAB_A).then((kept) => {
    assert.equal(kept.tabId, TAB_A);
    assert.equal(site.local.length, 1);
    assert.equal(site.session.length, 0);
    const tab = keeper({ scope: 'tab' });
    return tab.keeper.claim(() => TAB_B).then(() => {
      assert.equal(tab.local.length, 0);
      assert.equal(JSON.parse(tab.session.getItem(keptVisitorKey('shop', ''))).tabId, TAB_B);
    });
  });
});

test('two tabs that open at once claim one visitor', async () => {
  const local = new MemoryStorage();
  const locks = new FakeLocks();
  const first = keeper({ local, locks }).keeper;
  const second = keeper({ local, locks }).keeper;
  const ids = [TAB_A, TAB_B];
  const [a, b] = await Promise.all([first.claim(() => ids.shift()), second.claim(() => ids.shift())]);
  assert.equal(a.tabId, b.tabId);
});

test('a credential past its expiry is forgotten: the next claim is a new visitor', async () => {
  let now = 0;
  const { keeper: kept } = keeper({ now: () => now });
  await kept.claim(() => TAB_A);
  kept.update(TAB_A, { credential: 'v1.sealed', expires: 100 });
  now = 99_000;
  assert.equal(kept.read()?.credential, 'v1.sealed');
  now = 100_000;
  assert.equal(kept.read(), null);
  assert.equal((await kept.claim(() => TAB_B)).tabId, TAB_B);
});

test('an update or a forget for a visitor another tab replaced changes nothing', async () => {
  const { keeper: kept } = keeper();
  await kept.claim(() => TAB_A);
  kept.update(TAB_B, { credential: 'stale' });
  kept.forget(TAB_B);
  assert.deepEqual(kept.read(), { tabId: TAB_A, credential: null, expires: null, visitorFields: null });
  kept.forget(TAB_A);
  assert.equal(kept.read(), null);
});

test('what is not a record (an older page’s value, a hand edit) is no visitor', () => {
  const local = new MemoryStorage();
  const { keeper: kept } = keeper({ local });
  for (const text of ['not json', '{"tabId":"short"}', '{"tabId":"<script>alert(1)</script>xxxxx"}', 'null']) {
    local.setItem(kept.key, text);
    assert.equal(kept.read(), null, text);
  }
});

test('storage that throws keeps nothing and breaks nothing', async () => {
  const broken = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); }, removeItem() { throw new Error('denied'); } };
  const { keeper: kept } = keeper({ local: /** @type {any} */ (broken) });
  assert.equal((await kept.claim(() => TAB_A)).tabId, TAB_A);
  assert.equal(kept.read(), null);
  kept.forget();
});

test('a visitor kept in place of another is the one every tab then claims', async () => {
  const local = new MemoryStorage();
  const locks = new FakeLocks();
  const first = keeper({ local, locks }).keeper;
  const second = keeper({ local, locks }).keeper;
  await first.claim(() => TAB_A);
  first.update(TAB_A, { credential: 'v1.sealed', expires: 100 });
  first.replace(TAB_B, { visitorFields: '{"fields":{"id":"ann"}}' });
  assert.deepEqual(await second.claim(() => 'CCCCCCCCCCCCCCCCCCCCCC'), { tabId: TAB_B, credential: null, expires: null, visitorFields: '{"fields":{"id":"ann"}}' });
});
