import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

import { chooseLocale, CONSOLE_LOCALES, plural, t, tOr, useStrings } from '../../Public/operator/js/i18n.js';

// The operator console's strings (`Public/operator/i18n/`): every locale has English's keys with the same
// {placeholders}, each plural sentence in every form its language needs; and the console picks its locale from
// `?locale=`, then the browser's languages, then English.

const FOLDER = new URL('../../Public/operator/i18n/', import.meta.url);
const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{(\w+)\}/g;

const table = (locale) => JSON.parse(readFileSync(new URL(`${locale}.json`, FOLDER), 'utf8'));
const placeholders = (text) => [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]))].sort();

/** A table's sentences by key, plural forms gathered under their base: key → {forms, placeholders}. */
function entries(strings) {
  const found = new Map();
  for (const [key, value] of Object.entries(strings)) {
    const match = PLURAL.exec(key);
    const base = match ? match[1] : key;
    const entry = found.get(base) ?? { forms: new Set(), placeholders: new Set(), plural: match !== null };
    if (match) entry.forms.add(match[2]);
    for (const name of placeholders(value)) entry.placeholders.add(name);
    found.set(base, entry);
  }
  return found;
}

test('the console offers exactly the locales that have strings', () => {
  const files = readdirSync(FOLDER).filter((name) => name.endsWith('.json'));
  assert.deepEqual([...CONSOLE_LOCALES].sort(), files.map((name) => name.slice(0, -'.json'.length)).sort());
});

for (const locale of CONSOLE_LOCALES.filter((code) => code !== 'en')) {
  test(`${locale} has every console string of English, with the same placeholders and its plural forms`, () => {
    const english = entries(table('en'));
    const other = entries(table(locale));
    assert.deepEqual([...other.keys()].sort(), [...english.keys()].sort());
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const [key, entry] of english) {
      const translated = other.get(key);
      assert.equal(translated.plural, entry.plural, `${key}: plural in one locale only`);
      assert.deepEqual([...translated.placeholders].sort(), [...entry.placeholders].sort(), `${key}: placeholders`);
      if (entry.plural) {
        for (const category of categories) assert.ok(translated.forms.has(category), `${key}_${category} is missing`);
      }
    }
  });
}

test('no console string is empty', () => {
  for (const locale of CONSOLE_LOCALES) {
    for (const [key, value] of Object.entries(table(locale))) assert.notEqual(value.trim(), '', `${locale}: ${key}`);
  }
});

test('?locale= wins, then the first browser language the console speaks, then English', () => {
  assert.equal(chooseLocale('?locale=ru', ['en-US']), 'ru');
  assert.equal(chooseLocale('?locale=en', ['ru-RU']), 'en');
  assert.equal(chooseLocale('', ['de-DE', 'ru-RU', 'en']), 'ru');
  assert.equal(chooseLocale('?locale=xx', ['RU']), 'ru');
  assert.equal(chooseLocale('', ['de', 'fr']), 'en');
  assert.equal(chooseLocale('?theme=dark', []), 'en');
});

test('Russian counts take their forms, and a missing key shows itself or the fallback', () => {
  useStrings(table('ru'), 'ru');
  assert.equal(plural('chats.unread', 1), '1 непрочитанное');
  assert.equal(plural('chats.unread', 3), '3 непрочитанных');
  assert.equal(plural('chats.unread', 11), '11 непрочитанных');
  assert.equal(plural('chats.unread', 21), '21 непрочитанное');
  assert.equal(t('visitor.operator', { name: 'Анна' }), 'Оператор: Анна');
  assert.equal(t('no.such.key'), 'no.such.key');
  assert.equal(tOr('state.some_new_state', 'some_new_state'), 'some_new_state');
  useStrings(table('en'), 'en');
  assert.equal(plural('chats.unread', 1), '1 unread');
  assert.equal(plural('chats.unread', 2), '2 unread');
});

test("every key the console's markup names is in the strings", () => {
  const html = readFileSync(new URL('../../Public/operator/index.html', import.meta.url), 'utf8');
  const used = [...html.matchAll(/data-i18n(?:-label|-placeholder|-title)?="([\w.]+)"/g)].map((match) => match[1]);
  assert.ok(used.length > 40, 'the markup names its strings');
  const english = table('en');
  assert.deepEqual(used.filter((key) => !(key in english)), []);
});
