import assert from 'node:assert/strict';
import { test } from 'node:test';

import { TypingThrottle } from '../../Public/js/typing-throttle.js';
import { ManualClock } from './fakes.mjs';

function make() {
  const clock = new ManualClock();
  const sent = [];
  const throttle = new TypingThrottle({ intervalMs: 1000, send: (draft) => sent.push(draft), clock });
  return { clock, sent, throttle };
}

test('the first draft goes at once, later ones at most once a second, with the newest text', () => {
  const { clock, sent, throttle } = make();
  throttle.draft('H');
  clock.advance(300);
  throttle.draft('He');
  throttle.draft('Hel');
  assert.deepEqual(sent, ['H']);
  clock.advance(699);
  assert.deepEqual(sent, ['H']);
  clock.advance(1);
  assert.deepEqual(sent, ['H', 'Hel']);
});

test('stopping is said at once, and cancels a draft still waiting', () => {
  const { clock, sent, throttle } = make();
  throttle.draft('Hi');
  clock.advance(100);
  throttle.draft('Hi there');
  throttle.draft(null);
  clock.advance(5000);
  assert.deepEqual(sent, ['Hi', null]);
  assert.equal(clock.pending, 0);
});

test('a blank draft is a stop, and nothing is said when nothing was reported', () => {
  const { sent, throttle } = make();
  throttle.draft('   ');
  throttle.draft(null);
  assert.deepEqual(sent, []);
});
