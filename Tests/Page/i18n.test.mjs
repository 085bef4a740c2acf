import assert from 'node:assert/strict';
import { test } from 'node:test';

import { bestLocale, directionOf, LOCALES, Strings } from '../../Public/js/i18n.js';
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

/** Strings in `locale` whose every file reads `table` (the page fetches them; here nothing is served). */
async function stringsWith(locale, table) {
  const saved = globalThis.fetch;
  globalThis.fetch = async () => new Response(JSON.stringify(table));
  try {
    const strings = new Strings(locale);
    await strings.load('');
    return strings;
  } finally {
    globalThis.fetch = saved;
  }
}

const FSI = '\u2068';
const PDI = '\u2069';

test('a name goes into a sentence as it is where its direction cannot mix with the sentence’s', async () => {
  const strings = await stringsWith('en', { replyingTo: 'Replying to {name}.' });
  assert.equal(strings.t('replyingTo', { name: 'Anna' }), 'Replying to Anna.');
});

test('a right-to-left name in a left-to-right sentence is isolated, so the full stop stays at the end', async () => {
  const strings = await stringsWith('en', { replyingTo: 'Replying to {name}.' });
  assert.equal(strings.t('replyingTo', { name: 'أحمد' }), `Replying to ${FSI}أحمد${PDI}.`);
});

test('on a right-to-left page every word put into a sentence is isolated, a Latin name too', async () => {
  const strings = await stringsWith('he', { replyingTo: 'תשובה ל{name}' });
  assert.equal(strings.t('replyingTo', { name: 'Anna K.' }), `תשובה ל${FSI}Anna K.${PDI}`);
});

test('a plural sentence writes its count in the locale’s digits and grouping', async () => {
  const strings = await stringsWith('ru', { unread_one: '{count} сообщение', unread_few: '{count} сообщения', unread_many: '{count} сообщений', unread_other: '{count} сообщения' });
  assert.equal(strings.plural('unread', 3), '3 сообщения');
  assert.equal(strings.plural('unread', 12345).replace(/\s/g, ' '), '12 345 сообщений');
  const english = await stringsWith('en', { unread_one: '{count} message', unread_other: '{count} messages' });
  assert.equal(english.plural('unread', 1), '1 message');
  assert.equal(english.plural('unread', 1200), '1,200 messages');
});
