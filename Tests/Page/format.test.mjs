import assert from 'node:assert/strict';
import { test } from 'node:test';

import { formatSize } from '../../Public/js/format.js';

// A file's size reads as the page's language writes it: its words for the units, its decimal mark, its plural.

test('a size is written in the locale it is asked in', () => {
  assert.equal(formatSize(64, 'en'), '64 bytes');
  assert.equal(formatSize(1, 'en'), '1 byte');
  assert.equal(formatSize(1550, 'en'), '2 kB');
  assert.equal(formatSize(1536 * 1024, 'en'), '1.5 MB');
  assert.equal(formatSize(2 * 1024 * 1024, 'en'), '2 MB');
  assert.equal(formatSize(64, 'ru'), '64 байта');
  assert.equal(formatSize(1536 * 1024, 'de'), '1,5 MB');
  assert.match(formatSize(12 * 1024, 'fr'), /^12\s+ko$/); // French puts a no-break space before a unit
});

test('a size just under a megabyte is written in megabytes, never as 1024 kB', () => {
  assert.equal(formatSize(1024 * 1024 - 100, 'en'), '1 MB');
});

test('no size, or a broken one, is written as nothing', () => {
  for (const bytes of [null, undefined, Number.NaN, Infinity, -1]) assert.equal(formatSize(bytes, 'en'), '');
});

test('a locale Intl does not know is written in the default one rather than failing', () => {
  assert.match(formatSize(64, 'qps'), /^64 /);
  assert.match(formatSize(64, 'not a locale'), /^64 /);
});
