// The kiosk's own on-screen keyboard: Chromium on Linux, the usual kiosk system, has none, so a touch-only kiosk
// could not be typed on. It serves every text field of the page (the composer, the pre-chat and offline forms),
// types into them as a hardware keyboard does (beforeinput and input events, Enter as a keydown) and announces
// each key through a live region. Loaded only on kiosk pages whose keyboard is `auto` or `onscreen`.
//
// Hooks: `[data-onscreen-keyboard]` (the keyboard; `data-layout`, `data-layer`), its keys `[data-key]` (the
// character, or shift, backspace, space, enter, symbols, language, hide) and `[data-onscreen-keyboard-announce]`.

import { el, loadStylesheet } from '../dom.js';
import { ACCENT_NAMES, drawKeys } from './onscreen-keyboard-keys.js';
import { deleteBackward, insertText } from '../keyboard-editing.js';
import { DEAD_KEYS, LAYOUTS, composeDead, keyboardLayouts, shifted } from '../keyboard-layouts.js';

/** The input types the keyboard types into; the others (password, number, file, …) it leaves alone. */
const TEXT_INPUT_TYPES = new Set(['text', 'email', 'tel', 'search', 'url']);

/** Holding backspace: the first repeat after this long, then one every interval (a hardware keyboard's pace). */
const REPEAT_DELAY_MS = 500;
const REPEAT_INTERVAL_MS = 80;

/**
 * Whether the keyboard types into this element: a textarea, or an input of a text type, that can be edited.
 * @param {EventTarget | null} node
 * @returns {node is HTMLInputElement | HTMLTextAreaElement}
 */
export function isTextField(node) {
  const editable = (field) => !field.readOnly && !field.disabled;
  if (node instanceof HTMLTextAreaElement) return editable(node);
  return node instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(node.type) && editable(node);
}

/**
 * Starts the keyboard: it opens on a text field's focus (`onscreen`) or when one is touched (`auto`, not on a
 * mouse click or Tab). Its stylesheet and strings load at once; a field focused before they are in waits.
 * @param {Document} doc
 * @param {object} deps
 * @param {import('../i18n.js').Strings} deps.strings
 * @param {'auto' | 'onscreen'} deps.mode
 * @param {string} deps.locale The page's locale: the first layout, and the language the keys are named in.
 * @param {string[]} deps.languages The kiosk's languages, whose layouts the language key offers.
 * @param {HTMLElement} deps.host Where the keyboard goes, as its last child (a flex column: what is above gives way).
 * @param {{ setTimeout: typeof setTimeout, clearTimeout: typeof clearTimeout }} [deps.clock]
 * @returns {OnscreenKeyboard}
 */
export function startOnscreenKeyboard(doc, { strings, mode, locale, languages = [], host, clock = globalThis }) {
  return new OnscreenKeyboard(doc, { strings, mode, locale, languages, host, clock });
}

export class OnscreenKeyboard {
  #doc;
  #strings;
  #mode;
  #locale;
  #host;
  #clock;
  /** @type {HTMLElement | null} */
  #root = null;
  /** @type {HTMLElement | null} */
  #live = null;
  #ready;
  #open = false;
  /** The layouts the language key goes through, and which one is on. */
  #codes;
  #current;
  /** @type {'letters' | 'symbols'} */
  #layer = 'letters';
  #shift = false;
  /** @type {string | null} A dead key pressed, waiting for its letter. */
  #dead = null;
  /** @type {HTMLInputElement | HTMLTextAreaElement | null} The field the keys type into. */
  #field = null;
  /** The last pointer to go down on the page: where, and whether it was a finger. */
  #pointer = { target: /** @type {EventTarget | null} */ (null), touch: false };
  #repeatTimer = null;
  /** Whether the held backspace has repeated, so its click adds no deletion of its own. */
  #repeated = false;

  constructor(doc, { strings, mode, locale, languages, host, clock }) {
    this.#doc = doc;
    this.#strings = strings;
    this.#mode = mode;
    this.#locale = locale;
    this.#host = host;
    this.#clock = clock;
    const { codes, start } = keyboardLayouts(locale, languages);
    this.#codes = codes;
    this.#current = start;
    this.#listen();
    this.#ready = Promise.all([loadStylesheet(doc, '/static/css/onscreen-keyboard.css'), strings.load('keyboard')]).then(() =>
      this.#build(),
    );
  }

  get isOpen() {
    return this.#open;
  }

  /** Resolves once the keyboard is on the page (closed). */
  get ready() {
    return this.#ready;
  }

  /**
   * Opens the keyboard for a field (or moves it to another one).
   * @param {HTMLInputElement | HTMLTextAreaElement} field
   */
  async show(field) {
    this.#field = field;
    await this.#ready;
    if (this.#field !== field || !this.#root) return;
    const opening = !this.#open;
    this.#open = true;
    this.#root.hidden = false;
    // The transcript gave way to the keys; the field (a form's, in the transcript) stays in sight.
    if (opening) requestAnimationFrame(() => field.scrollIntoView({ block: 'nearest' }));
  }

  hide() {
    this.#stopRepeat();
    // Also stops a show() still waiting for the keyboard to load.
    this.#field = null;
    this.#open = false;
    this.#shift = false;
    this.#dead = null;
    this.#layer = 'letters';
    if (this.#root) {
      this.#root.hidden = true;
      this.#render();
    }
  }

  get #layout() {
    return LAYOUTS[this.#codes[this.#current]];
  }

  #listen() {
    const doc = this.#doc;
    doc.addEventListener(
      'pointerdown',
      (event) => {
        const touch = event.pointerType === 'touch';
        this.#pointer = { target: event.target, touch };
        // A field that already has the focus gets no focus event: a finger on it opens the keyboard again.
        if (touch && this.#mode === 'auto' && isTextField(event.target) && doc.activeElement === event.target) {
          void this.show(event.target);
        }
      },
      { capture: true, passive: true },
    );
    // The field's own submit button (the composer's Send, a form's) sends without taking the focus: the keyboard
    // stays open for the next message, as a phone's does.
    doc.addEventListener(
      'mousedown',
      (event) => {
        const submit = event.target instanceof Element ? event.target.closest('[type=submit]') : null;
        if (this.#open && submit && this.#field?.form && /** @type {HTMLButtonElement} */ (submit).form === this.#field.form) {
          event.preventDefault();
        }
      },
      true,
    );
    doc.addEventListener('focusin', (event) => this.#focused(event.target));
    // Where the focus went is known only once it got there.
    doc.addEventListener('focusout', () => this.#clock.setTimeout(() => this.#focusMoved(), 0));
    for (const type of ['pointerup', 'pointercancel']) doc.addEventListener(type, () => this.#stopRepeat(), { capture: true });
  }

  /** @param {EventTarget | null} target */
  #focused(target) {
    if (isTextField(target)) {
      const touched = this.#pointer.touch && this.#pointer.target === target;
      if (this.#mode === 'onscreen' || touched || this.#open) void this.show(target);
    }
    // A touch opens the keyboard for the focus it gave, not for a later one (a Tab back to the field).
    this.#pointer = { target: null, touch: false };
  }

  #focusMoved() {
    if (!this.#open) return;
    const active = this.#doc.activeElement;
    if (isTextField(active) || this.#root?.contains(active)) return;
    // The window lost the focus (another window, the system): the page's focus has not moved.
    if (!this.#doc.hasFocus()) return;
    this.hide();
  }

  #build() {
    const doc = this.#doc;
    const root = el('div', 'onscreen-keyboard');
    root.dataset.onscreenKeyboard = '';
    root.setAttribute('role', 'group');
    root.setAttribute('aria-label', this.#strings.t('oskLabel'));
    root.hidden = true;
    // A key never takes the focus from the field it types into, whether tapped or clicked.
    root.addEventListener('pointerdown', (event) => {
      event.preventDefault();
      const key = /** @type {Element} */ (event.target).closest?.('[data-key]');
      if (key?.getAttribute('data-key') === 'backspace') this.#startRepeat();
    });
    root.addEventListener('mousedown', (event) => event.preventDefault());
    root.addEventListener('contextmenu', (event) => event.preventDefault());
    root.addEventListener('click', (event) => {
      const key = /** @type {Element} */ (event.target).closest?.('[data-key]');
      if (key instanceof HTMLElement) this.#press(key, event.detail === 0);
    });
    const live = el('div', 'kit-visually-hidden');
    live.dataset.onscreenKeyboardAnnounce = '';
    live.setAttribute('aria-live', 'polite');
    this.#root = root;
    this.#live = live;
    this.#render();
    this.#host.append(root);
    // Outside the keyboard, so that its hiding is announced too.
    doc.body.append(live);
  }

  /**
   * @param {HTMLElement} key
   * @param {boolean} fromKeyboard A key activated with Enter or Space on it (no pointer).
   */
  #press(key, fromKeyboard) {
    const name = key.dataset.key ?? '';
    const field = this.#field;
    if (!field?.isConnected) {
      this.hide();
      return;
    }
    switch (name) {
      case 'shift':
        this.#shift = !this.#shift;
        this.#announce(this.#strings.t(this.#shift ? 'oskShiftOn' : 'oskShiftOff'));
        this.#render();
        return;
      case 'backspace':
        if (this.#repeated && !fromKeyboard) {
          this.#repeated = false;
          return;
        }
        this.#erase();
        return;
      case 'space':
        this.#typeCharacter(' ');
        this.#announce(this.#strings.t('oskSpace'));
        return;
      case 'enter':
        this.#announce(this.#strings.t('oskEnter'));
        this.#enter(field);
        return;
      case 'symbols':
        this.#layer = this.#layer === 'letters' ? 'symbols' : 'letters';
        this.#dead = null;
        this.#announce(this.#strings.t(this.#layer === 'symbols' ? 'oskSymbols' : 'oskLetters'));
        this.#render();
        return;
      case 'language':
        this.#current = (this.#current + 1) % this.#codes.length;
        this.#layer = 'letters';
        this.#shift = false;
        this.#dead = null;
        this.#render();
        this.#announce(this.#strings.t('oskLanguageChosen', { language: this.#languageName(this.#layout.code) }));
        return;
      case 'hide':
        this.hide();
        this.#announce(this.#strings.t('oskHidden'));
        return;
      default:
        this.#character(name);
    }
  }

  /** @param {string} base The key's character, unshifted. */
  #character(base) {
    const letters = this.#layer === 'letters';
    if (letters && Object.hasOwn(DEAD_KEYS, base)) {
      this.#dead = this.#dead === base ? null : base;
      this.#announce(this.#strings.t(ACCENT_NAMES[base]));
      this.#render();
      return;
    }
    const text = letters && this.#shift ? shifted(base, this.#layout.code) : base;
    const typed = this.#typeCharacter(text);
    this.#announce(typed);
    if (this.#shift && letters) {
      this.#shift = false;
      this.#render();
    }
  }

  /**
   * Types a character, or the accented one when a dead key waits for it. Returns what was typed.
   * @param {string} text
   */
  #typeCharacter(text) {
    let typed = text;
    if (this.#dead !== null) {
      typed = composeDead(this.#dead, text);
      this.#dead = null;
      this.#render();
    }
    this.#edit('insertText', typed, (value, start, end, maxLength) => insertText(value, start, end, typed, maxLength));
    return typed;
  }

  #erase() {
    this.#announce(this.#strings.t('oskBackspace'));
    if (this.#dead !== null) {
      // The accent waiting for a letter goes first, as on a hardware keyboard.
      this.#dead = null;
      this.#render();
      return;
    }
    this.#edit('deleteContentBackward', null, (value, start, end) => deleteBackward(value, start, end));
  }

  /**
   * Enter as a hardware keyboard's: a keydown the page may act on (the composer sends on it); if nothing took
   * it, a new line in a textarea, and a submitted form from an input.
   * @param {HTMLInputElement | HTMLTextAreaElement} field
   */
  #enter(field) {
    const keydown = new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true, cancelable: true, composed: true });
    if (!field.dispatchEvent(keydown)) return;
    if (field instanceof HTMLTextAreaElement) {
      this.#edit('insertLineBreak', null, (value, start, end, maxLength) => insertText(value, start, end, '\n', maxLength));
    } else field.form?.requestSubmit();
  }

  /**
   * Edits the field as typing does: a cancelable `beforeinput`, the change with the caret after it, `input`.
   * @param {string} inputType
   * @param {string | null} data
   * @param {(value: string, start: number | null, end: number | null, maxLength: number) => { value: string, caret: number }} change
   */
  #edit(inputType, data, change) {
    const field = this.#field;
    if (!field) return;
    const init = { inputType, data, bubbles: true, composed: true };
    if (!field.dispatchEvent(new InputEvent('beforeinput', { ...init, cancelable: true }))) return;
    // An e-mail input has no selection: its start is null, and the edit happens at the end.
    const { value, caret } = change(field.value, field.selectionStart, field.selectionEnd, field.maxLength);
    if (value === field.value) return;
    field.value = value;
    if (field.selectionStart !== null) field.setSelectionRange(caret, caret);
    field.dispatchEvent(new InputEvent('input', init));
  }

  #startRepeat() {
    this.#stopRepeat();
    this.#repeated = false;
    const repeat = () => {
      this.#repeated = true;
      this.#erase();
      this.#repeatTimer = this.#clock.setTimeout(repeat, REPEAT_INTERVAL_MS);
    };
    this.#repeatTimer = this.#clock.setTimeout(repeat, REPEAT_DELAY_MS);
  }

  #stopRepeat() {
    if (this.#repeatTimer !== null) this.#clock.clearTimeout(this.#repeatTimer);
    this.#repeatTimer = null;
  }

  /** @param {string} text */
  #announce(text) {
    // A new text node each time: the same letter typed twice is announced twice.
    this.#live?.replaceChildren(this.#doc.createTextNode(text));
  }

  /**
   * A language's name in the page's language ("Russian" on an English page).
   * @param {string} code
   * @param {string} [inLanguage]
   */
  #languageName(code, inLanguage = this.#locale) {
    try {
      return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  }

  /** Draws the current layer of the current layout. */
  #render() {
    if (!this.#root) return;
    drawKeys(this.#root, {
      layout: this.#layout,
      layer: this.#layer,
      shift: this.#shift,
      dead: this.#dead,
      switchesLanguage: this.#codes.length > 1,
      languageName: (code, inLanguage) => this.#languageName(code, inLanguage),
      strings: this.#strings,
    });
  }
}
