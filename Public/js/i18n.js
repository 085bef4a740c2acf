// Strings from `Public/i18n/{locale}.json`, with `{name}` placeholders. What only a feature shows
// lives in `{locale}.{part}.json` and loads with that feature: `panels`, `kiosk`, `keyboard` (the kiosk's
// on-screen keyboard), `launcher`, `survey`, `tray`, `parts` (quotes, files, keyboards and uploads), and
// `errors` (a refusal's sentence by its code). A plural sentence is `key_one`, `key_few`, … `key_other`.
// `qps` is a tester's pseudo-locale: English drawn longer and accented (pseudo-locale.js).

/** Locales that have a strings file. */
export const LOCALES = Object.freeze(['en', 'ru', 'uk', 'kk', 'uz', 'az', 'de', 'fr', 'es', 'it', 'pt-BR', 'tr', 'pl', 'zh-CN', 'ja', 'ar', 'he']);
/** The pseudo-locale, which has no files of its own. */
export const PSEUDO_LOCALE = 'qps';

/**
 * The locale the page speaks for a browser's preferences (`navigator.languages`, best first): the first that names a
 * locale exactly, or by its language (`pt-PT` finds `pt-BR`, `zh-TW` finds `zh-CN`); English when none does.
 * @param {readonly string[]} preferences
 * @returns {string}
 */
export function bestLocale(preferences) {
  for (const wanted of preferences) {
    const tag = String(wanted).toLowerCase();
    const language = tag.split('-')[0];
    const found = LOCALES.find((code) => code.toLowerCase() === tag) ?? LOCALES.find((code) => code.split('-')[0] === language);
    if (found) return found;
  }
  return 'en';
}

/**
 * The direction a locale is written in.
 * @param {string} locale
 * @returns {'rtl' | 'ltr'}
 */
export function directionOf(locale) {
  return ['ar', 'he', 'fa', 'ur'].includes(locale.split('-')[0]) ? 'rtl' : 'ltr';
}

/** Letters written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * A value put into a sentence, isolated (U+2068 … U+2069) where its direction could mix with the sentence's: on a
 * right-to-left page, or when it holds right-to-left letters. "Replying to أحمد." keeps its full stop at the end, and
 * "2 kB" stays one piece in Arabic. Elsewhere it goes in as it is, unchanged for the common case.
 * @param {string | number} value
 * @param {boolean} rightToLeftPage
 */
function isolated(value, rightToLeftPage) {
  const text = String(value);
  return typeof value === 'string' && (rightToLeftPage || RIGHT_TO_LEFT_LETTER.test(text)) ? `\u2068${text}\u2069` : text;
}

/**
 * The refusals the page words itself, by the error `code` the server sends (a 507, or a `result`
 * event's), with their string keys: the storage budgets, which a visitor meets as a sentence.
 */
export const REFUSAL_KEYS = Object.freeze({
  visitor_budget_exceeded: 'visitorBudgetExceeded',
  storage_budget_exceeded: 'storageBudgetExceeded',
});

/** Looks strings up by key; a missing key shows the key itself. */
export class Strings {
  /** @type {Record<string, string>} */
  #table = {};
  #locale;
  #rightToLeft;
  /** Loaded and loading parts: name → the promise of its strings being added. */
  #parts = new Map();

  /** @param {string} locale Whose files `load` reads. */
  constructor(locale) {
    this.#locale = locale;
    this.#rightToLeft = directionOf(locale) === 'rtl';
  }

  /**
   * @param {string} key
   * @param {Record<string, string | number>} [vars] Values for `{name}` placeholders (a string isolated where its
   *   direction could mix with the sentence's).
   * @returns {string}
   */
  t(key, vars = {}) {
    const text = this.#table[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (match, name) => (name in vars ? isolated(vars[name], this.#rightToLeft) : match));
  }

  /**
   * The sentence for `count` in the form the language takes for it (`{count}` filled in); `key_other` where the
   * language's form is missing.
   * @param {string} key
   * @param {number} count
   * @param {Record<string, string | number>} [vars]
   */
  plural(key, count, vars = {}) {
    const locale = this.#locale === PSEUDO_LOCALE ? 'en' : this.#locale;
    const form = `${key}_${new Intl.PluralRules(locale).select(count)}`;
    // The count in the locale's own digits and grouping (١٢ in Arabic, 1 000 in Russian).
    return this.t(form in this.#table ? form : `${key}_other`, { ...vars, count: new Intl.NumberFormat(locale).format(count) });
  }

  /**
   * Whether a loaded table has `key`.
   * @param {string} key
   */
  has(key) {
    return key in this.#table;
  }

  /**
   * Adds one part's strings (`{locale}.{part}.json`; `''` is the main file, `{locale}.json`), loaded
   * once however often it is asked for. A part that fails to load leaves its keys to the markup's own
   * text (`apply`) or to themselves (`t`).
   * @param {string} part
   * @returns {Promise<void>}
   */
  load(part) {
    if (!this.#parts.has(part)) {
      const pseudo = this.#locale === PSEUDO_LOCALE;
      const locale = pseudo ? 'en' : this.#locale;
      const file = part === '' ? locale : `${locale}.${part}`;
      const table = fetchTable(`/static/i18n/${file}.json`);
      const shown = pseudo ? Promise.all([table, import('./pseudo-locale.js')]).then(([t, m]) => m.pseudoTable(t)) : table;
      this.#parts.set(part, shown.then((strings) => void Object.assign(this.#table, strings)));
    }
    return this.#parts.get(part);
  }

  /**
   * Translates `data-i18n` (text), `data-i18n-label`, `-placeholder` and `-title` attributes under root.
   * A key no loaded table has keeps the text the markup came with.
   * @param {ParentNode} root
   */
  apply(root) {
    const known = (key) => key in this.#table;
    for (const element of root.querySelectorAll('[data-i18n]')) {
      if (known(element.dataset.i18n)) element.textContent = this.t(element.dataset.i18n);
    }
    for (const [attr, name] of [['i18nLabel', 'aria-label'], ['i18nPlaceholder', 'placeholder'], ['i18nTitle', 'title']]) {
      const hook = attr.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      for (const element of root.querySelectorAll(`[data-${hook}]`)) {
        if (known(element.dataset[attr])) element.setAttribute(name, this.t(element.dataset[attr]));
      }
    }
  }
}

/**
 * Loads one locale's strings (English when the locale is unknown or its file fails), with the parts
 * named, all at once.
 * @param {string} locale
 * @param {string[]} [parts]
 * @returns {Promise<Strings>}
 */
export async function loadStrings(locale, parts = []) {
  const strings = new Strings(LOCALES.includes(locale) || locale === PSEUDO_LOCALE ? locale : 'en');
  await Promise.all(['', ...parts].map((part) => strings.load(part)));
  return strings;
}

/**
 * One strings file; an empty table (keys then show as themselves) when it cannot be read.
 * @param {string} url
 * @returns {Promise<Record<string, string>>}
 */
async function fetchTable(url) {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await response.json();
  } catch (error) {
    console.warn(`Could not load the strings in ${url}; showing keys`, error);
    return {};
  }
}
