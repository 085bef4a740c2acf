// Suggested questions as the visitor types, where the location offers hints (its hints service, through
// `POST /api/tabs/{tab}/hints`). The list sits just above the composer's text box and works as the listbox popup
// of an editable text box (WAI-ARIA's combobox pattern on a multi-line box): the focus stays in the text box, the
// arrow keys move the active suggestion (`aria-activedescendant`), Enter chooses it, Escape closes the list, and a
// click or tap chooses too.
//
// Choosing puts the question in the text box rather than sending it: the visitor sees what will go out, may add a
// detail (an order number) first, and a mis-tap on a phone costs nothing. Sent unchanged, it goes as a hint
// question (`hintQuestion`), which the service may answer at once; edited, it is the visitor's own message.

import { el, loadStylesheet } from '../dom.js';

const STYLESHEET = '/static/css/hints.css';
/** How long the visitor pauses before the service is asked, in milliseconds. */
export const DEBOUNCE_MS = 250;
/** Fewer characters are no question yet (the service's minimum too). */
export const MIN_LENGTH = 2;
/** The longest text the server asks about. */
const MAX_TEXT = 1000;
/** Suggestions shown at most. */
const MAX_SHOWN = 5;

/**
 * Loads the list's stylesheet and strings and puts the list above the composer.
 * @param {Document} doc
 * @param {object} deps
 * @param {import('../i18n.js').Strings} deps.strings
 * @param {import('../session.js').ChatSession} deps.session Its tab is the one asked.
 * @param {import('../api.js').ApiClient} deps.api Where the tab's routes are.
 * @returns {Promise<HintList>}
 */
export async function startHints(doc, { strings, session, api }) {
  await Promise.all([loadStylesheet(doc, STYLESHEET), strings.load('hints')]);
  const fetchHints = async (text, signal) => {
    const tabId = session.tabId;
    if (tabId === null) return [];
    const response = await fetch(api.url(api.tabPath(tabId, '/hints')), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ text }),
      signal,
    });
    // A refusal (no hints here, the service did not answer) is no suggestions, not an error to show.
    if (!response.ok) return [];
    const body = await response.json();
    return Array.isArray(body?.suggestions) ? body.suggestions.filter((text) => typeof text === 'string' && text !== '') : [];
  };
  return new HintList(/** @type {HTMLFormElement} */ (doc.querySelector('[data-composer]')), { strings, fetchHints });
}

/** The suggestion list of the composer's text box. */
export class HintList {
  #input;
  #list;
  #status;
  #strings;
  #fetchHints;
  #enabled = false;
  #timer = 0;
  /** @type {AbortController | null} The request whose answer is awaited; any other answer is stale. */
  #pending = null;
  /** @type {string[]} */
  #shown = [];
  #active = -1;
  /** @type {string | null} The suggestion the visitor chose, while the text box holds it unchanged. */
  #chosen = null;

  /**
   * @param {HTMLFormElement} composer The `[data-composer]` form: the list goes just above its text box's row.
   * @param {object} deps
   * @param {import('../i18n.js').Strings} deps.strings
   * @param {(text: string, signal: AbortSignal) => Promise<string[]>} deps.fetchHints
   */
  constructor(composer, { strings, fetchHints }) {
    this.#input = /** @type {HTMLTextAreaElement} */ (composer.querySelector('[data-composer-input]'));
    this.#strings = strings;
    this.#fetchHints = fetchHints;
    this.#list = el('ul', 'composer-hints');
    this.#list.id = 'composer-hints';
    this.#list.dataset.hints = '';
    this.#list.setAttribute('role', 'listbox');
    this.#list.setAttribute('aria-label', strings.t('hintsLabel'));
    this.#list.hidden = true;
    this.#status = el('p', 'kit-visually-hidden');
    this.#status.setAttribute('role', 'status');
    this.#input.parentElement.before(this.#list, this.#status);

    this.#input.addEventListener('input', () => this.#changed());
    this.#input.addEventListener('blur', () => this.#close());
    // Before the composer's own keys (Enter sends, Escape drops a reply), while the list is open.
    composer.addEventListener('keydown', (event) => this.#key(event), true);
    // A press on a suggestion must not take the focus from the text box: it is a choice, not a blur.
    this.#list.addEventListener('mousedown', (event) => event.preventDefault());
    this.#list.addEventListener('click', (event) => {
      const option = /** @type {HTMLElement} */ (event.target).closest('[data-hint-index]');
      if (option) this.#choose(Number(/** @type {HTMLElement} */ (option).dataset.hintIndex));
    });
  }

  /**
   * Follows the location's offer: off, nothing is asked and the list stays closed.
   * @param {boolean} enabled
   */
  enable(enabled) {
    this.#enabled = enabled;
    if (enabled) {
      this.#input.setAttribute('aria-autocomplete', 'list');
      this.#input.setAttribute('aria-controls', this.#list.id);
    } else {
      this.#input.removeAttribute('aria-autocomplete');
      this.#input.removeAttribute('aria-controls');
      this.#cancel();
      this.#close();
    }
  }

  /**
   * The composer sent `text`: the list closes, a pending request is dropped.
   * @param {string} text
   * @returns {boolean} Whether `text` is the suggestion the visitor chose, unchanged.
   */
  sent(text) {
    const chosen = this.#chosen !== null && text === this.#chosen;
    this.#chosen = null;
    this.#cancel();
    this.#close();
    return chosen;
  }

  #changed() {
    const text = this.#input.value;
    if (text !== this.#chosen) this.#chosen = null;
    this.#cancel();
    if (!this.#enabled || this.#chosen !== null || text.trim().length < MIN_LENGTH || text.length > MAX_TEXT) {
      this.#close();
      return;
    }
    // The list on show stays until the new answer replaces it: it does not flicker with each key.
    this.#timer = setTimeout(() => void this.#ask(text), DEBOUNCE_MS);
  }

  /** @param {string} text */
  async #ask(text) {
    const request = new AbortController();
    this.#pending = request;
    let suggestions = [];
    try {
      suggestions = await this.#fetchHints(text, request.signal);
    } catch {
      // Aborted (the text changed, or it was sent) or unreachable: nothing to show.
    }
    if (this.#pending !== request || request.signal.aborted || this.#input.value !== text) return;
    this.#pending = null;
    this.#show(suggestions.slice(0, MAX_SHOWN));
  }

  #cancel() {
    clearTimeout(this.#timer);
    this.#pending?.abort();
    this.#pending = null;
  }

  /** @param {string[]} suggestions */
  #show(suggestions) {
    if (suggestions.length === 0) {
      this.#close();
      return;
    }
    const announce = this.#list.hidden || suggestions.length !== this.#shown.length;
    this.#shown = suggestions;
    this.#active = -1;
    this.#input.removeAttribute('aria-activedescendant');
    this.#list.replaceChildren(
      ...suggestions.map((text, index) => {
        const option = el('li', 'composer-hint', text);
        option.id = `composer-hint-${index}`;
        option.dir = 'auto';
        option.dataset.hintIndex = String(index);
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        return option;
      }),
    );
    this.#list.hidden = false;
    if (announce) this.#status.textContent = this.#strings.plural('hintsCount', suggestions.length);
  }

  #close() {
    if (this.#list.hidden && this.#shown.length === 0) return;
    this.#list.hidden = true;
    this.#list.replaceChildren();
    this.#shown = [];
    this.#active = -1;
    this.#input.removeAttribute('aria-activedescendant');
    this.#status.textContent = '';
  }

  /** @param {KeyboardEvent} event */
  #key(event) {
    if (event.target !== this.#input || this.#list.hidden || event.isComposing) return;
    const count = this.#shown.length;
    switch (event.key) {
      case 'ArrowDown':
        this.#activate((this.#active + 1) % count);
        break;
      case 'ArrowUp':
        this.#activate(this.#active <= 0 ? count - 1 : this.#active - 1);
        break;
      case 'Enter':
        // With no suggestion active, Enter sends what the visitor typed, as always.
        if (this.#active < 0 || event.shiftKey) return;
        this.#choose(this.#active);
        break;
      case 'Escape':
        this.#cancel();
        this.#close();
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  /** @param {number} index */
  #activate(index) {
    this.#active = index;
    for (const option of this.#list.children) {
      option.setAttribute('aria-selected', String(option.id === `composer-hint-${index}`));
    }
    const option = this.#list.children[index];
    this.#input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  }

  /** @param {number} index */
  #choose(index) {
    const text = this.#shown[index];
    if (text === undefined) return;
    this.#chosen = text;
    this.#input.value = text;
    // The composer reports the new draft as typing; the list sees its own choice and closes.
    this.#input.dispatchEvent(new Event('input'));
    this.#input.focus();
    this.#input.setSelectionRange(text.length, text.length);
  }
}
