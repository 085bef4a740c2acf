// The answer box. It owns `[data-composer]`: Enter sends, Shift+Enter adds a line, Escape drops the
// quote or edit chip (the page kit's keys, `shared/composer-keys.js`). It sends the operator's
// typing while the operator types, keeps a draft per visitor, and doubles as the editor of an
// operator message.

import { handleComposerKeys } from '../../../shared/composer-keys.js';
import { hasOpenChat, messagesOf, summaryOf } from '../model.js';
import { t } from '../i18n.js';

/** After this long without a keystroke the operator counts as no longer typing, in milliseconds. */
export const TYPING_IDLE_MS = 4000;

/** Writes answers, quotes and edits for the selected visitor. */
export class Composer {
  #form;
  #input;
  #chip;
  #chipText;
  #store;
  #controller;
  /** @type {string | null} */
  #visitorId = null;
  /** @type {Map<string, string>} */
  #drafts = new Map();
  /** @type {{kind: 'quote' | 'edit', message: object} | null} */
  #mode = null;
  /** @type {string | null} The visitor who was last told that the operator types. */
  #typingFor = null;
  /** @type {ReturnType<typeof setTimeout> | null} */
  #typingTimer = null;

  /**
   * @param {HTMLFormElement} root The `[data-composer]` form.
   * @param {object} deps
   * @param {import('../store.js').ConsoleStore} deps.store
   * @param {import('../controller.js').ConsoleController} deps.controller
   */
  constructor(root, { store, controller }) {
    this.#form = root;
    this.#input = /** @type {HTMLTextAreaElement} */ (root.querySelector('[data-composer-input]'));
    this.#chip = /** @type {HTMLElement} */ (root.querySelector('[data-composer-chip]'));
    this.#chipText = root.querySelector('[data-composer-chip-text]');
    this.#store = store;
    this.#controller = controller;

    root.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.#submit();
    });
    handleComposerKeys(this.#input, { form: root, onEscape: () => this.#dropMode() });
    this.#input.addEventListener('input', () => this.#handleInput());
    this.#input.addEventListener('blur', () => this.#stopTyping());
    root.querySelector('[data-composer-chip-remove]').addEventListener('click', () => {
      this.#setMode(null);
      this.#input.focus();
    });
    store.addEventListener('selection', () => this.#switchVisitor());
    store.addEventListener('visitors', () => this.#dropVanishedMode());
    this.#switchVisitor();
  }

  /** Puts the focus in the text box. */
  focus() {
    this.#input.focus();
  }

  /**
   * Starts an answer that quotes `message`; the operator chose it, so the focus goes to the text box.
   * @param {object} message A wire message.
   */
  quote(message) {
    this.#setMode({ kind: 'quote', message });
    this.#input.focus();
  }

  /**
   * Loads an operator message into the box for editing.
   * @param {object} message A wire message.
   */
  edit(message) {
    this.#setMode({ kind: 'edit', message });
    this.#input.value = typeof message.text === 'string' ? message.text : '';
    this.#input.focus();
  }

  async #submit() {
    const id = this.#visitorId;
    const text = this.#input.value;
    if (id === null || text.trim() === '') return;
    const mode = this.#mode;
    this.#input.value = '';
    this.#setMode(null);
    this.#clearTypingTimer();
    // Sending stops the operator's typing on the service side.
    this.#typingFor = null;
    const ok =
      mode?.kind === 'edit'
        ? await this.#controller.edit(id, mode.message.id, text)
        : await this.#controller.send(id, text, mode?.kind === 'quote' ? mode.message.id : null);
    if (!ok && this.#visitorId === id && this.#input.value === '') {
      // Nothing was sent: give the operator their text (and its quote or edit) back.
      this.#input.value = text;
      this.#setMode(mode);
    }
  }

  /** Escape in the text box: drops the quote or edit, if there is one. */
  #dropMode() {
    if (this.#mode === null) return false;
    this.#setMode(null);
    return true;
  }

  #handleInput() {
    const id = this.#visitorId;
    if (id === null || this.#mode?.kind === 'edit') return;
    if (this.#input.value === '') {
      this.#stopTyping();
      return;
    }
    // Typing is shown only in an open chat; elsewhere the service would refuse it.
    const visitor = this.#store.selected;
    if (this.#typingFor !== id && visitor !== undefined && hasOpenChat(visitor)) {
      this.#typingFor = id;
      void this.#controller.typing(id, true);
    }
    this.#clearTypingTimer();
    this.#typingTimer = setTimeout(() => this.#stopTyping(), TYPING_IDLE_MS);
  }

  #stopTyping() {
    this.#clearTypingTimer();
    const id = this.#typingFor;
    if (id === null) return;
    this.#typingFor = null;
    void this.#controller.typing(id, false);
  }

  #clearTypingTimer() {
    if (this.#typingTimer !== null) clearTimeout(this.#typingTimer);
    this.#typingTimer = null;
  }

  #switchVisitor() {
    const next = this.#store.selectedId;
    if (next === this.#visitorId) return;
    this.#stopTyping();
    if (this.#visitorId !== null && this.#mode?.kind !== 'edit') this.#drafts.set(this.#visitorId, this.#input.value);
    this.#visitorId = next;
    this.#setMode(null);
    this.#input.value = next === null ? '' : (this.#drafts.get(next) ?? '');
  }

  /** A quoted or edited message that was deleted takes its chip with it. */
  #dropVanishedMode() {
    const visitor = this.#store.selected;
    if (this.#mode === null || visitor === undefined) return;
    const id = this.#mode.message.id;
    if (!messagesOf(visitor).some((message) => message.id === id)) this.#setMode(null);
  }

  #setMode(mode) {
    this.#mode = mode;
    this.#form.dataset.mode = mode?.kind ?? 'answer';
    this.#chip.hidden = mode === null;
    if (mode === null) {
      this.#chipText.textContent = '';
      return;
    }
    const summary = summaryOf(mode.message);
    const author = mode.message.name ? `${mode.message.name}: ` : '';
    this.#chipText.textContent =
      mode.kind === 'quote' ? t('composer.quoting', { author, summary }) : t('composer.editing', { summary });
  }
}
