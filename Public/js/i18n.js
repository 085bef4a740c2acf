// Strings from `Public/i18n/{locale}.json`, with `{name}` placeholders.

/** Locales that have a strings file. */
export const LOCALES = Object.freeze(['en', 'ru']);

/** Looks strings up by key; a missing key shows the key itself. */
export class Strings {
  #table;
  /** @param {Record<string, string>} table */
  constructor(table) {
    this.#table = table;
  }

  /**
   * @param {string} key
   * @param {Record<string, string | number>} [vars] Values for `{name}` placeholders.
   * @returns {string}
   */
  t(key, vars = {}) {
    const text = this.#table[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (match, name) => (name in vars ? String(vars[name]) : match));
  }

  /**
   * Translates `data-i18n` (text), `data-i18n-label`, `-placeholder` and `-title` attributes under root.
   * @param {ParentNode} root
   */
  apply(root) {
    for (const element of root.querySelectorAll('[data-i18n]')) element.textContent = this.t(element.dataset.i18n);
    for (const [attr, name] of [['i18nLabel', 'aria-label'], ['i18nPlaceholder', 'placeholder'], ['i18nTitle', 'title']]) {
      const hook = attr.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      for (const element of root.querySelectorAll(`[data-${hook}]`)) element.setAttribute(name, this.t(element.dataset[attr]));
    }
  }
}

/**
 * Loads one locale's strings (English when the locale is unknown or its file fails).
 * @param {string} locale
 * @returns {Promise<Strings>}
 */
export async function loadStrings(locale) {
  const name = LOCALES.includes(locale) ? locale : 'en';
  try {
    const response = await fetch(`/static/i18n/${name}.json`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Strings(await response.json());
  } catch (error) {
    console.warn('Could not load strings; showing keys', error);
    return new Strings({});
  }
}
