import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

import { LOCALES } from '../../Public/js/i18n.js';

// Every locale the page offers has every string English has: each part's file, each key, the same {placeholders},
// and each plural sentence in every form its language needs (Intl.PluralRules' categories, `other` always).

const FOLDER = new URL('../../Public/i18n/', import.meta.url);
const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{(\w+)\}/g;

const files = readdirSync(FOLDER).filter((name) => name.endsWith('.json'));
/** Locales with a main file (`{locale}.json`), and the parts English has (`''` is the main file). */
const localesWithFiles = files.filter((name) => name.split('.').length === 2).map((name) => name.slice(0, -'.json'.length));
const parts = files.filter((name) => name.startsWith('en.')).map((name) => name.slice('en.'.length, -'.json'.length));

function table(locale, part) {
  const name = part === '' ? `${locale}.json` : `${locale}.${part}.json`;
  return JSON.parse(readFileSync(new URL(name, FOLDER), 'utf8'));
}

const placeholders = (text) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1]).sort();

/** English's keys, with plural sentences as one entry each: `base` → its `other` form's placeholders. */
function englishEntries(part) {
  const entries = new Map();
  for (const [key, value] of Object.entries(table('en', part))) {
    const plural = PLURAL.exec(key);
    if (plural) {
      if (plural[2] === 'other') entries.set(plural[1], { plural: true, placeholders: placeholders(value), empty: false });
    } else entries.set(key, { plural: false, placeholders: placeholders(value), empty: value === '' });
  }
  return entries;
}

test('the page offers exactly the locales that have strings', () => {
  assert.deepEqual([...LOCALES].sort(), [...localesWithFiles].sort());
});

for (const locale of LOCALES.filter((code) => code !== 'en')) {
  test(`${locale} has every string English has`, () => {
    const categories = new Set([...new Intl.PluralRules(locale).resolvedOptions().pluralCategories, 'other']);
    const problems = [];
    for (const part of parts) {
      let strings;
      try {
        strings = table(locale, part);
      } catch (error) {
        problems.push(`${locale}.${part || '(main)'}: ${error.message}`);
        continue;
      }
      const where = `${locale}${part ? `.${part}` : ''}.json`;
      const english = englishEntries(part);
      for (const [key, entry] of english) {
        const keys = entry.plural ? [...categories].map((category) => `${key}_${category}`) : [key];
        for (const name of keys) {
          const value = strings[name];
          if (typeof value !== 'string') problems.push(`${where}: ${name} is missing`);
          else if (value === '' && !entry.empty) problems.push(`${where}: ${name} is empty`);
          else if (placeholders(value).join() !== entry.placeholders.join()) {
            problems.push(`${where}: ${name} has {${placeholders(value)}}, English {${entry.placeholders}}`);
          }
        }
      }
      for (const key of Object.keys(strings)) {
        const base = PLURAL.exec(key)?.[1];
        if (!english.has(key) && !(base && english.get(base)?.plural)) problems.push(`${where}: ${key} is not English's`);
      }
    }
    assert.deepEqual(problems, []);
  });
}

test('English writes each plural sentence in its own forms only, so no locale lacks a key English has', () => {
  // A form English never uses (`_few`, `_many`) would be a key every other locale seems to lack.
  const forms = new Set(new Intl.PluralRules('en').resolvedOptions().pluralCategories);
  const problems = [];
  for (const part of parts) {
    const english = Object.keys(table('en', part));
    for (const key of english) {
      const form = PLURAL.exec(key)?.[2];
      if (form && !forms.has(form)) problems.push(`en.${part || '(main)'}: ${key} is no English form`);
    }
    for (const locale of LOCALES) {
      const strings = table(locale, part);
      for (const key of english) if (!(key in strings)) problems.push(`${locale}.${part || '(main)'}: ${key} is missing`);
    }
  }
  assert.deepEqual(problems, []);
});
