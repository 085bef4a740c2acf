import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Backoff } from '../../Public/js/backoff.js';

test('waits double up to the longest, each between half and all of its step, and start over after a reset', () => {
  const highest = new Backoff({ minMs: 1000, maxMs: 4000, random: () => 0.999999 });
  assert.deepEqual([1, 2, 3, 4].map(() => Math.round(highest.next())), [1000, 2000, 4000, 4000]);
  const lowest = new Backoff({ minMs: 1000, maxMs: 4000, random: () => 0 });
  assert.deepEqual([1, 2].map(() => lowest.next()), [500, 1000]);
  lowest.reset();
  assert.equal(lowest.next(), 500);
});
