// The console's strings, from `Public/operator/i18n/{locale}.json`, by the widget's rules (Public/js/i18n.js):
// flat keys, `{name}` placeholders, plurals as `key_one` … `key_other` chosen by Intl.PluralRules, and markup
// translated through `data-i18n`, `data-i18n-label`, `-placeholder` and `-title`. The console is served by the
// chat service, not by the widget server, so it loads its own small table rather than the widget's parts.

/** Locales the console has a strings file for; the first is the fallback. */
export const CONSOLE_LOCALES = Object.freeze(['en', 'ru']);

/** Where the strings files are served (`/operator/static/` is `Public/operator/`). */
const STRINGS_PATH = '/operator/static/i18n';

/** @type {Record<string, string>} */
let table = {};
let pluralRules = new Intl.PluralRules('en');
let shownLocale = 'en';

/** @returns {string} The locale the console speaks, for Intl formats. */
export function consoleLocale() {
  return shownLocale;
}

/**
 * The console's locale: `?locale=` when it names one, else the first of the browser's languages the console
 * speaks (by language: `ru-RU` finds `ru`), else English.
 * @param {string} search The page URL's query.
 * @param {readonly string[]} languages `navigator.languages`, best first.
 * @returns {string}
 */
export function chooseLocale(search, languages) {
  const asked = new URLSearchParams(search).get('locale');
  if (asked !== null && CONSOLE_LOCALES.includes(asked)) return asked;
  for (const wanted of languages) {
    const language = String(wanted).toLowerCase().split('-')[0];
    if (CONSOLE_LOCALES.includes(language)) return language;
  }
  return CONSOLE_LOCALES[0];
}

/**
 * The sentence for `key`, `{name}` placeholders filled from vars; the key itself when no table has it.
 * @param {string} key
 * @param {Record<string, string | number>} [vars]
 * @returns {string}
 */
export function t(key, vars = {}) {
  const text = table[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (match, name) => (name in vars ? String(vars[name]) : match));
}

/**
 * The sentence for `count` in the form the language takes for it (`{count}` filled in); `key_other` where the
 * language has no such form.
 * @param {string} key
 * @param {number} count
 * @param {Record<string, string | number>} [vars]
 */
export function plural(key, count, vars = {}) {
  const form = `${key}_${pluralRules.select(count)}`;
  return t(form in table ? form : `${key}_other`, { count, ...vars });
}

/**
 * The sentence for `key` when there is one, else `fallback` (a wire value the console has no words for).
 * @param {string} key
 * @param {string} fallback
 */
export function tOr(key, fallback) {
  return key in table ? t(key) : fallback;
}

/**
 * Translates the `data-i18n*` attributes under root; a key the table lacks keeps the markup's text.
 * @param {ParentNode} root
 */
export function applyStrings(root) {
  for (const element of root.querySelectorAll('[data-i18n]')) {
    if (element.dataset.i18n in table) element.textContent = t(element.dataset.i18n);
  }
  for (const [hook, attribute] of [['label', 'aria-label'], ['placeholder', 'placeholder'], ['title', 'title']]) {
    for (const element of root.querySelectorAll(`[data-i18n-${hook}]`)) {
      const key = element.getAttribute(`data-i18n-${hook}`);
      if (key in table) element.setAttribute(attribute, t(key));
    }
  }
}

/**
 * Loads the locale's table (English when its file cannot be read) and translates the document, templates
 * included, its title and `<html lang>`.
 * @param {Document} doc
 * @returns {Promise<string>} The locale shown.
 */
export async function loadConsoleStrings(doc) {
  const wanted = chooseLocale(doc.location?.search ?? '', globalThis.navigator?.languages ?? []);
  let locale = wanted;
  table = await fetchTable(wanted);
  if (Object.keys(table).length === 0 && wanted !== CONSOLE_LOCALES[0]) {
    locale = CONSOLE_LOCALES[0];
    table = await fetchTable(locale);
  }
  pluralRules = new Intl.PluralRules(locale);
  shownLocale = locale;
  doc.documentElement.lang = locale;
  applyStrings(doc);
  for (const template of doc.querySelectorAll('template')) applyStrings(template.content);
  if ('console.title' in table) doc.title = t('console.title');
  return locale;
}

/**
 * Uses `strings` as the table, for tests and for a page that has its strings already.
 * @param {Record<string, string>} strings
 * @param {string} locale
 */
export function useStrings(strings, locale) {
  table = { ...strings };
  pluralRules = new Intl.PluralRules(locale);
  shownLocale = locale;
}

/** @returns {Promise<Record<string, string>>} One locale's table; empty when it cannot be read. */
async function fetchTable(locale) {
  const url = `${STRINGS_PATH}/${locale}.json`;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await response.json();
  } catch (error) {
    console.warn(`Could not load the console's strings in ${url}`, error);
    return {};
  }
}
