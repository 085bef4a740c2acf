import assert from 'node:assert/strict';
import { test } from 'node:test';

import { bestLocale, directionOf, LOCALES } from '../../Public/js/i18n.js';
import { pseudo } from '../../Public/js/pseudo-locale.js';

test('the browser’s first language the page speaks wins, exactly or by its language, else English', () => {
  assert.equal(bestLocale(['ru-RU', 'en']), 'ru');
  assert.equal(bestLocale(['xx', 'RU']), 'ru');
  assert.equal(bestLocale(['en-GB', 'ru']), 'en');
  assert.equal(bestLocale(['xx-YY']), 'en');
  assert.equal(bestLocale([]), 'en');
  assert.equal(bestLocale(['pt-PT', 'en']), 'pt-BR');
  assert.equal(bestLocale(['zh-TW']), 'zh-CN');
  assert.equal(bestLocale(['de-AT', 'de']), 'de');
  for (const locale of LOCALES) assert.equal(bestLocale([locale]), locale);
});

test('right to left follows the language', () => {
  assert.equal(directionOf('ar'), 'rtl');
  assert.equal(directionOf('he'), 'rtl');
  assert.equal(directionOf('ru'), 'ltr');
  assert.equal(directionOf('pt-BR'), 'ltr');
});

test('the pseudo-locale draws every string longer and accented, its placeholders untouched', () => {
  const text = pseudo('Replying to {name}');
  assert.match(text, /^\[Ŕéþļýîñĝ ţö \{name\}( ·)+\]$/);
  assert.ok(text.length >= 'Replying to {name}'.length * 1.4);
  assert.equal(pseudo(''), '');
  assert.ok(!/[a-zA-Z]/.test(pseudo('Send').replace('{', '')), 'an English letter is left');
});
