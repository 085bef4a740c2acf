import assert from 'node:assert/strict';
import { test } from 'node:test';

import { failedOnTheWay, makeClientId, Outbox } from '../../Public/js/outbox.js';
import { ApiError } from './fakes.mjs';

const sending = () => true;

test('messages go one at a time in the order written, and a server that took one is not asked again', () => {
  const outbox = new Outbox();
  outbox.addMessage('a', { text: 'A' });
  outbox.addMessage('b', { text: 'B' });
  assert.deepEqual(outbox.nextMessage(sending), ['a', { text: 'A' }]);
  outbox.taken('a', outbox.opening);
  assert.deepEqual(outbox.nextMessage(sending)?.[0], 'b');
  outbox.taken('b', outbox.opening);
  assert.equal(outbox.nextMessage(sending), undefined);
});

test('a message a server took but nobody confirmed goes again, in order, once a server opens the tab again', () => {
  const outbox = new Outbox();
  outbox.addMessage('a', { text: 'A' });
  outbox.addMessage('b', { text: 'B' });
  outbox.taken('a', outbox.opening);
  outbox.taken('b', outbox.opening);
  outbox.opened();
  assert.equal(outbox.nextMessage(sending)?.[0], 'a');
  outbox.taken('a', outbox.opening);
  assert.equal(outbox.nextMessage(sending)?.[0], 'b');
});

test('a message the service has (its copy is no longer sending) is not sent again', () => {
  const outbox = new Outbox();
  outbox.addMessage('a', { text: 'A' });
  outbox.addMessage('b', { text: 'B' });
  outbox.opened();
  assert.equal(outbox.nextMessage((clientId) => clientId !== 'a')?.[0], 'b');
});

test('a result leaves the outbox; a result of another browser tab is not this page’s', () => {
  const outbox = new Outbox();
  outbox.addAction('r', 'rating');
  assert.equal(outbox.finish('r', true)?.kind, 'rating');
  assert.equal(outbox.has('r'), false);
  assert.equal(outbox.finish('someone-else', false), undefined);
});

test('a refused upload keeps its file for Retry; a delivered one does not', () => {
  const outbox = new Outbox();
  const file = { name: 'a.png' };
  outbox.addFile('f', file);
  outbox.finish('f', false);
  assert.equal(outbox.fileOf('f'), file);
  outbox.finish('f', true);
  assert.equal(outbox.fileOf('f'), undefined);
});

test('Retry puts a message last, after what the visitor wrote since', () => {
  const outbox = new Outbox();
  outbox.addMessage('a', { text: 'A', clientId: 'a' });
  outbox.addMessage('b', { text: 'B', clientId: 'b' });
  outbox.finish('a', false);
  outbox.retryMessage('a', { text: 'A', clientId: 'a' });
  assert.equal(outbox.nextMessage(sending)?.[0], 'b');
  outbox.taken('b', outbox.opening);
  assert.deepEqual(outbox.nextMessage(sending), ['a', { text: 'A', clientId: 'a' }]);
});

test('uploads lost on the way are handed back once, with their files, if still on their way', () => {
  const outbox = new Outbox();
  outbox.addFile('f', 'file-f');
  outbox.addFile('g', 'file-g');
  outbox.uploadLost('f');
  outbox.uploadLost('g');
  assert.deepEqual(outbox.takeLostUploads((clientId) => clientId === 'f'), [['f', 'file-f']]);
  assert.deepEqual(outbox.takeLostUploads(sending), []);
});

test('what failed on the way goes again; what a server refused does not', () => {
  const lost = [
    new TypeError('Failed to fetch'),
    new ApiError(0, 'unreachable', 'No answer'),
    new ApiError(0, 'not_connected', 'No server opened the tab in time'),
    new ApiError(502, 'bad_gateway', 'Bad gateway'),
    new ApiError(504, 'gateway_timeout', 'Gateway timeout'),
    new ApiError(404, 'unknown_tab', 'Another server has no such tab'),
    new ApiError(503, 'draining', 'This server is leaving'),
  ];
  for (const error of lost) assert.equal(failedOnTheWay(error), true, String(error.message));
  const refused = [
    new ApiError(400, 'invalid_body', 'Bad body'),
    new ApiError(413, 'file_too_large', 'Too big'),
    new ApiError(503, 'storage_unavailable', 'The disk is full'),
    new ApiError(429, 'rate_limited', 'Too many requests'),
  ];
  for (const error of refused) assert.equal(failedOnTheWay(error), false, error.code);
});

test('each clientId is fresh: 32 lowercase hex characters', () => {
  const ids = new Set(Array.from({ length: 100 }, makeClientId));
  assert.equal(ids.size, 100);
  for (const id of ids) assert.match(id, /^[0-9a-f]{32}$/);
});
