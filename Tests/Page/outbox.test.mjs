import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Outbox } from '../../Public/js/outbox.js';

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
