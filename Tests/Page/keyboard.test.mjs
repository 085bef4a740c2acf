import assert from 'node:assert/strict';
import { test } from 'node:test';

import { deleteBackward, insertText } from '../../Public/js/keyboard-editing.js';
import {
  DEAD_KEYS,
  LAYOUTS,
  composeDead,
  keyboardLayouts,
  layerRows,
  layoutFor,
  shifted,
} from '../../Public/js/keyboard-layouts.js';

/** Every character a layout's letters layer types (dead keys included: they type their accent). */
const lettersOf = (code) => new Set(layerRows(LAYOUTS[code], 'letters').flat());

/** The alphabets, letter by letter; each must be on its layout. */
const ALPHABETS = {
  en: 'abcdefghijklmnopqrstuvwxyz',
  ru: 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя',
  uk: 'абвгґдеєжзиіїйклмнопрстуфхцчшщьюя',
  kk: 'аәбвгғдеёжзийкқлмнңоөпрстуұүфхһцчшщъыіьэюя',
  ar: 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي',
  he: 'אבגדהוזחטיכלמנסעפצקרשת' + 'ךםןףץ',
};

test('each layout holds every letter of its alphabet', () => {
  const counts = { en: 26, ru: 33, uk: 33, kk: 42, ar: 28, he: 27 };
  for (const [code, alphabet] of Object.entries(ALPHABETS)) {
    const letters = [...alphabet];
    assert.equal(letters.length, counts[code], `${code}: the test's alphabet`);
    const keys = lettersOf(code);
    assert.deepEqual(letters.filter((letter) => !keys.has(letter)), [], `${code}: letters without a key`);
  }
});

test('Ukrainian has its own letters and the apostrophe, none of the Russian-only ones', () => {
  const keys = lettersOf('uk');
  for (const letter of ["'", 'і', 'ї', 'є', 'ґ']) assert.ok(keys.has(letter), letter);
  for (const letter of ['ы', 'э', 'ъ', 'ё']) assert.ok(!keys.has(letter), letter);
});

test('German, French and Spanish letters are on their layouts, accents reachable through dead keys', () => {
  for (const letter of 'äöüß') assert.ok(lettersOf('de').has(letter), `de ${letter}`);
  for (const letter of 'éèàçùœ') assert.ok(lettersOf('fr').has(letter), `fr ${letter}`);
  for (const letter of 'ñ¿¡') assert.ok(lettersOf('es').has(letter), `es ${letter}`);
  const reach = (code, letter) =>
    lettersOf(code).has(letter) ||
    [...lettersOf(code)].some((dead) => Object.hasOwn(DEAD_KEYS, dead) && [...lettersOf(code)].some((key) => composeDead(dead, key) === letter));
  for (const letter of 'âêîôûëï') assert.ok(reach('fr', letter), `fr ${letter}`);
  for (const letter of 'áéíóúü') assert.ok(reach('es', letter), `es ${letter}`);
  assert.ok(!reach('en', 'é'), 'English has no accents');
});

test('Arabic has its comma and question mark; Arabic and Hebrew are right to left, without shift', () => {
  assert.ok(lettersOf('ar').has('،') && lettersOf('ar').has('؟'));
  for (const code of ['ar', 'he']) {
    assert.equal(LAYOUTS[code].dir, 'rtl');
    assert.equal(LAYOUTS[code].caseless, true);
  }
  for (const code of ['en', 'ru', 'de', 'fr', 'es', 'kk', 'uk']) {
    assert.equal(LAYOUTS[code].dir, 'ltr', code);
    assert.equal(LAYOUTS[code].caseless, false, code);
  }
});

test('every layer has digits, no key twice, and the symbols layer has the common punctuation', () => {
  for (const layout of Object.values(LAYOUTS)) {
    for (const layer of ['letters', 'symbols']) {
      const rows = layerRows(layout, layer);
      assert.deepEqual(rows[0], ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'], `${layout.code} ${layer}`);
      const keys = rows.flat();
      const twice = keys.filter((key, index) => keys.indexOf(key) !== index);
      assert.deepEqual(twice, [], `${layout.code} ${layer}: keys twice`);
      assert.ok(keys.every((key) => key.length >= 1 && key.trim() === key), `${layout.code} ${layer}: a blank key`);
    }
    const symbols = new Set(layerRows(layout, 'symbols').flat());
    for (const mark of '@.,?!-_\'":;()/+#%&*=') {
      assert.ok(symbols.has(mark) || (mark === ',' && symbols.has('،')), `${layout.code}: no ${mark}`);
    }
  }
});

test('a language without a layout of its own falls back to English', () => {
  assert.equal(layoutFor('ru'), 'ru');
  assert.equal(layoutFor('ru-RU'), 'ru');
  assert.equal(layoutFor('AR'), 'ar');
  assert.equal(layoutFor('he_IL'), 'he');
  for (const locale of ['zh', 'ja', 'zh-Hans', 'xx', '', undefined, 'constructor', '__proto__']) {
    assert.equal(layoutFor(locale), 'en', String(locale));
  }
});

test('the language key offers the kiosk languages once each, the page language first when missing, English always', () => {
  assert.deepEqual(keyboardLayouts('en', ['en', 'ru']), { codes: ['en', 'ru'], start: 0 });
  assert.deepEqual(keyboardLayouts('ru', ['en', 'ru']), { codes: ['en', 'ru'], start: 1 });
  assert.deepEqual(keyboardLayouts('ru', ['ar', 'he']), { codes: ['ru', 'ar', 'he', 'en'], start: 0 });
  assert.deepEqual(keyboardLayouts('en', ['zh', 'ja', 'en-GB', 'ar']), { codes: ['en', 'ar'], start: 0 });
  assert.deepEqual(keyboardLayouts('en', []), { codes: ['en'], start: 0 });
});

test('shift uppercases in the layout language; ß stays ß; marks stay as they are', () => {
  assert.equal(shifted('a', 'en'), 'A');
  assert.equal(shifted('ё', 'ru'), 'Ё');
  assert.equal(shifted('ґ', 'uk'), 'Ґ');
  assert.equal(shifted('i', 'en'), 'I');
  assert.equal(shifted('ß', 'de'), 'ß');
  assert.equal(shifted('é', 'fr'), 'É');
  assert.equal(shifted("'", 'uk'), "'");
});

test('a dead key accents the next letter, or types itself before one it cannot accent', () => {
  assert.equal(composeDead('^', 'e'), 'ê');
  assert.equal(composeDead('^', 'E'), 'Ê');
  assert.equal(composeDead('´', 'u'), 'ú');
  assert.equal(composeDead('¨', 'i'), 'ï');
  assert.equal(composeDead('^', 'x'), '^x');
  assert.equal(composeDead('´', ' '), '´');
});

test('text goes in at the caret, over a selection, with the caret after it', () => {
  assert.deepEqual(insertText('', 0, 0, 'H'), { value: 'H', caret: 1 });
  assert.deepEqual(insertText('Hllo', 1, 1, 'e'), { value: 'Hello', caret: 2 });
  assert.deepEqual(insertText('Hello world', 6, 11, 'there'), { value: 'Hello there', caret: 11 });
  assert.deepEqual(insertText('ab', null, null, 'c'), { value: 'abc', caret: 3 }, 'no selection (an e-mail input): at the end');
  assert.deepEqual(insertText('ab', 9, 12, 'c'), { value: 'abc', caret: 3 }, 'a selection past the end is clamped');
});

test('a maximum length lets in only whole characters that fit, and nothing when full', () => {
  assert.deepEqual(insertText('abc', 3, 3, 'd', 3), { value: 'abc', caret: 3 });
  assert.deepEqual(insertText('abc', 1, 2, 'X', 3), { value: 'aXc', caret: 2 }, 'over a selection there is room');
  assert.deepEqual(insertText('ab', 2, 2, 'لا', 3), { value: 'abل', caret: 3 });
  assert.deepEqual(insertText('ab', 2, 2, '😀', 3), { value: 'ab', caret: 2 }, 'half an emoji never goes in');
  assert.deepEqual(insertText('ab', 2, 2, 'c', -1), { value: 'abc', caret: 3 }, '-1: no maximum');
});

test('backspace takes the selection, or one whole grapheme: an emoji, a letter with its combining accent', () => {
  assert.deepEqual(deleteBackward('Hello', 5, 5), { value: 'Hell', caret: 4 });
  assert.deepEqual(deleteBackward('Hello', 1, 4), { value: 'Ho', caret: 1 });
  assert.deepEqual(deleteBackward('Hello', 0, 0), { value: 'Hello', caret: 0 });
  assert.deepEqual(deleteBackward('hi 😀', 5, 5), { value: 'hi ', caret: 3 });
  assert.deepEqual(deleteBackward('a👩‍👩‍👧b', 9, 9), { value: 'ab', caret: 1 });
  assert.deepEqual(deleteBackward('cafe\u0301!', 6, 6), { value: 'cafe\u0301', caret: 5 });
  assert.deepEqual(deleteBackward('cafe\u0301', 5, 5), { value: 'caf', caret: 3 });
  assert.deepEqual(deleteBackward('ab', null, null), { value: 'a', caret: 1 }, 'no selection: from the end');
});
