// The on-screen keyboard's layouts (components/onscreen-keyboard.js): which key sits where, per language, and
// the small rules around them (upper case, accents typed with a dead key, which layout a language gets).
// Pure data and functions, no DOM, so the page tests can check every alphabet is there.
//
// Rows are written as the standard hardware layout has them, left to right, whatever the script's direction;
// the keyboard puts a right-to-left layout's keys in reading order under dir="rtl", so they land where a
// visitor's hands expect them. A key's text is what it types; a key of two characters (Arabic لا) types both.

/** The digits row, on every layout and on both layers. */
export const DIGITS = Object.freeze(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0']);

/** The symbols layer (?123), the same for every layout; a layout may add its own (`symbols`). */
export const SYMBOL_ROWS = Object.freeze([
  Object.freeze(['@', '#', '%', '&', '*', '-', '+', '=', '(', ')']),
  Object.freeze(['_', '/', ':', ';', '"', "'", '!', '?', '$', '€']),
  Object.freeze(['~', '<', '>', '[', ']', '{', '}', '|', '\\', '^']),
]);

/**
 * Dead keys: pressed, they type nothing; the next letter gets the accent (´ then e gives é), as on a French or
 * Spanish hardware keyboard. Each names the combining mark it adds.
 */
export const DEAD_KEYS = Object.freeze({ '´': '\u0301', '^': '\u0302', '¨': '\u0308' });

/**
 * @typedef {object} Layout
 * @property {string} code The language (BCP 47) it is for.
 * @property {string} label What the language key shows while it is on.
 * @property {'ltr' | 'rtl'} dir
 * @property {boolean} caseless A script without capitals has no shift key.
 * @property {readonly (readonly string[])[]} rows The letter rows, top to bottom.
 * @property {readonly string[]} punctuation Beside the space bar, on both layers.
 * @property {readonly string[]} symbols Added to the symbols layer's last row.
 */

/** @returns {Layout} */
function layout(code, label, rows, { dir = 'ltr', caseless = false, punctuation = [',', '.'], symbols = [] } = {}) {
  return Object.freeze({
    code,
    label,
    dir,
    caseless,
    rows: Object.freeze(rows.map((row) => Object.freeze([...row]))),
    punctuation: Object.freeze(punctuation),
    symbols: Object.freeze(symbols),
  });
}

/** The Russian ЙЦУКЕН rows (ё, which a hardware keyboard has left of 1, ends the last row). */
const RUSSIAN = ['йцукенгшщзхъ', 'фывапролджэ', 'ячсмитьбюё'];

/** Every layout, by language code. */
export const LAYOUTS = Object.freeze({
  en: layout('en', 'EN', ['qwertyuiop', 'asdfghjkl', 'zxcvbnm']),
  ru: layout('ru', 'РУ', RUSSIAN, { symbols: ['№'] }),
  // QWERTZ; ß keeps its place in the letters (a hardware keyboard has it beside 0).
  de: layout('de', 'DE', ['qwertzuiopü', 'asdfghjklöä', 'yxcvbnmß'], { symbols: ['§'] }),
  // AZERTY: é è ç à ù and œ have keys; ^ and ¨ are dead keys for â ê î ô û and ë ï ü ÿ.
  fr: layout('fr', 'FR', ['azertyuiop^¨', 'qsdfghjklmùœ', 'wxcvbnéèçà'], { symbols: ['«', '»'] }),
  // ´ and ¨ are dead keys for á é í ó ú and ü, as on a Spanish hardware keyboard; ¿ and ¡ open a sentence.
  es: layout('es', 'ES', ['qwertyuiop´', 'asdfghjklñ¨', 'zxcvbnm¿¡']),
  // The standard Arabic (101) layout's letters; آ أ إ (its shift layer) end the top rows, ذ (left of 1) starts the last.
  ar: layout(
    'ar',
    'ع',
    [
      ['ض', 'ص', 'ث', 'ق', 'ف', 'غ', 'ع', 'ه', 'خ', 'ح', 'ج', 'د', 'آ'],
      ['ش', 'س', 'ي', 'ب', 'ل', 'ا', 'ت', 'ن', 'م', 'ك', 'ط', 'أ', 'إ'],
      ['ذ', 'ئ', 'ء', 'ؤ', 'ر', 'لا', 'ى', 'ة', 'و', 'ز', 'ظ'],
    ],
    { dir: 'rtl', caseless: true, punctuation: ['،', '؟', '.'], symbols: ['؛', ','] },
  ),
  // The standard Hebrew (SI 1452) layout's letters, final forms where it has them.
  he: layout('he', 'עב', ['קראטוןםפ', 'שדגכעיחלךף', 'זסבהנמצתץ'], { dir: 'rtl', caseless: true, symbols: ['₪'] }),
  // Kazakh: the Russian rows with ә ө, і ң һ and ғ ү ұ қ at their ends (a hardware keyboard has them on the digits).
  kk: layout('kk', 'ҚАЗ', [`${RUSSIAN[0]}әө`, `${RUSSIAN[1]}іңһ`, `${RUSSIAN[2]}ғүұқ`], { symbols: ['№'] }),
  // Ukrainian ЙЦУКЕН: ї є і in the places of ъ э ы, ґ and the apostrophe (a letter of the word here) last.
  uk: layout('uk', 'УКР', ['йцукенгшщзхї', 'фівапролджє', "ячсмитьбюґ'"], { symbols: ['№'] }),
});

/** The layout used where a language has none of its own (Chinese and Japanese need an input method). */
export const FALLBACK_LAYOUT = 'en';

/**
 * The layout for a language tag (`pt-BR` → its `pt`, which has none → `en`).
 * @param {string | undefined} locale
 * @returns {keyof typeof LAYOUTS}
 */
export function layoutFor(locale) {
  const language = String(locale ?? '').toLowerCase().split(/[-_]/)[0];
  return Object.hasOwn(LAYOUTS, language) ? language : FALLBACK_LAYOUT;
}

/**
 * The layouts the language key cycles through, and the one to start on: the kiosk's languages' layouts once
 * each, the page's own first when the list lacks it (so the visitor starts in their language), and English
 * always there (an e-mail address is typed in Latin letters).
 * @param {string} locale The page's locale.
 * @param {readonly string[]} languages The kiosk's languages.
 * @returns {{ codes: string[], start: number }}
 */
export function keyboardLayouts(locale, languages) {
  const own = layoutFor(locale);
  const codes = [...new Set(languages.map(layoutFor))];
  if (!codes.includes(own)) codes.unshift(own);
  if (!codes.includes(FALLBACK_LAYOUT)) codes.push(FALLBACK_LAYOUT);
  return { codes, start: codes.indexOf(own) };
}

/**
 * A key's text under shift, in the layout's language (Turkish-style rules stay right); ß stays ß, as a hardware
 * keyboard types it, rather than becoming "SS".
 * @param {string} text
 * @param {string} language
 * @returns {string}
 */
export function shifted(text, language) {
  if (text === 'ß') return text;
  const upper = text.toLocaleUpperCase(language);
  return upper.length === text.length ? upper : text;
}

/**
 * What a dead key followed by `text` types: the accented letter where one exists (^ e → ê), else the accent
 * itself and then the text (^ x → ^x; ^ and a space → ^), as a hardware keyboard does.
 * @param {string} dead A key of DEAD_KEYS.
 * @param {string} text
 * @returns {string}
 */
export function composeDead(dead, text) {
  if (text === ' ') return dead;
  const composed = `${text}${DEAD_KEYS[dead]}`.normalize('NFC');
  return [...composed].length === 1 ? composed : `${dead}${text}`;
}

/**
 * A layer's character keys as the keyboard shows them, top to bottom: the digits, then the letter rows or the
 * symbol rows (with the layout's own symbols), then the punctuation beside the space bar.
 * @param {Layout} layoutData
 * @param {'letters' | 'symbols'} layer
 * @returns {string[][]}
 */
export function layerRows(layoutData, layer) {
  const middle =
    layer === 'letters'
      ? layoutData.rows.map((row) => [...row])
      : SYMBOL_ROWS.map((row, index) => (index === SYMBOL_ROWS.length - 1 ? [...row, ...layoutData.symbols] : [...row]));
  return [[...DIGITS], ...middle, [...layoutData.punctuation]];
}
