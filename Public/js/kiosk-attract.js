// The kiosk's attract screen: what a tall touch screen shows while nobody chats (at first load and after every
// reset). It invites ("Questions? Tap here to chat"), names the location and whether anyone answers, and offers the
// kiosk's languages, each in its own name. Nothing exists for a visitor until they touch it: no tab, no stream, so
// it can show nothing of anyone before them. A language other than the page's loads the page afresh in that
// language, straight into the chat (`#start=<locale>`).

import { el } from './dom.js';
import { LOCALES } from './i18n.js';
import { fetchLocationStatus } from './location-status.js';

/** How often the screen asks again whether anyone answers, while it shows. */
const STATUS_EVERY_MS = 30_000;

/** The string key of each status line; `unreachable` when the chat service did not answer. */
const STATUS_KEYS = Object.freeze({
  online: 'kioskAttractOnline',
  busyOnline: 'kioskAttractBusy',
  offline: 'kioskAttractOffline',
  busyOffline: 'kioskAttractOffline',
  unreachable: 'kioskServiceDown',
});

/**
 * The hash a kiosk page is loaded with to skip its attract screen, in the given language.
 * @param {string} locale
 */
export function startHash(locale) {
  return `#start=${locale}`;
}

/**
 * The locale of a `#start=<locale>` hash the page speaks, or null.
 * @param {string} hash `location.hash`
 * @returns {string | null}
 */
export function startLocale(hash) {
  const match = /^#start=([a-z]{2,3}(?:-[A-Z]{2})?)$/.exec(hash);
  return match && LOCALES.includes(match[1]) ? match[1] : null;
}

export class AttractScreen {
  #root;
  #strings;
  #location;
  /** @type {ReturnType<typeof setInterval> | null} */
  #poll = null;
  /** @type {(serviceUp: boolean) => void} */
  #onStatus;

  /**
   * @param {HTMLElement} root `[data-kiosk-attract]`
   * @param {object} deps
   * @param {import('./i18n.js').Strings} deps.strings
   * @param {string} deps.location
   * @param {string} deps.locale The page's language.
   * @param {string[]} deps.languages The kiosk's languages; those the page speaks are offered.
   * @param {string} deps.title
   * @param {(serviceUp: boolean) => void} deps.onStatus Whether the chat service answered, each time it is asked.
   */
  constructor(root, { strings, location, locale, languages, title, onStatus }) {
    this.#root = root;
    this.#strings = strings;
    this.#location = location;
    this.#onStatus = onStatus;
    /** @type {HTMLElement} */ (root.querySelector('[data-kiosk-attract-title]')).textContent = title;
    this.#offerLanguages(locale, languages);
  }

  /**
   * Shows the screen over an inert chat until the visitor touches it.
   * @param {HTMLElement} chat What the screen covers.
   * @returns {Promise<void>} Settles when the visitor starts a chat in the page's language.
   */
  show(chat) {
    this.#root.hidden = false;
    chat.inert = true;
    void this.#refresh();
    this.#poll = setInterval(() => void this.#refresh(), STATUS_EVERY_MS);
    return new Promise((resolve) => {
      this.#root.querySelector('[data-kiosk-attract-start]')?.addEventListener(
        'click',
        () => {
          this.#stop();
          this.#root.hidden = true;
          chat.inert = false;
          resolve();
        },
        { once: true },
      );
    });
  }

  /** Hides the screen without a chat (the page is going into one straight away). */
  hide() {
    this.#stop();
    this.#root.hidden = true;
  }

  #stop() {
    if (this.#poll !== null) clearInterval(this.#poll);
    this.#poll = null;
  }

  async #refresh() {
    const answer = await fetchLocationStatus(this.#location);
    const key = answer === null || !answer.reachable ? 'unreachable' : answer.status;
    const line = /** @type {HTMLElement} */ (this.#root.querySelector('[data-kiosk-attract-status]'));
    line.textContent = Object.hasOwn(STATUS_KEYS, key) ? this.#strings.t(STATUS_KEYS[key]) : '';
    line.dataset.status = key;
    this.#onStatus(key !== 'unreachable');
  }

  /** A button per language the page speaks, in that language's own name; none when there is only one. */
  #offerLanguages(locale, languages) {
    const offered = [...new Set(languages)].filter((code) => LOCALES.includes(code));
    const group = /** @type {HTMLElement} */ (this.#root.querySelector('[data-kiosk-attract-languages]'));
    group.hidden = offered.length < 2;
    if (group.hidden) return;
    for (const code of offered) {
      const button = /** @type {HTMLButtonElement} */ (el('button', 'kiosk-attract-language', ownName(code)));
      button.type = 'button';
      button.lang = code;
      button.dataset.kioskLanguage = code;
      if (code === locale) button.setAttribute('aria-current', 'true');
      button.addEventListener('click', () => {
        // The page's own language starts here; another loads the page in it, with its strings and direction.
        if (code === locale) /** @type {HTMLElement} */ (this.#root.querySelector('[data-kiosk-attract-start]')).click();
        else reloadInto(startHash(code));
      });
      group.append(button);
    }
  }
}

/**
 * Loads the page afresh with `hash` (empty: the attract screen). A new hash alone would only scroll, so it is put in
 * place first and the page reloaded; neither leaves a history entry that "back" could bring.
 * @param {string} hash
 */
export function reloadInto(hash) {
  history.replaceState(null, '', location.pathname + location.search + hash);
  location.reload();
}

/** A language's name in itself ("Русский"), capitalised as a button's label. */
function ownName(code) {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}
