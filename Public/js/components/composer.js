// The message composer. It owns `[data-composer]`: Enter sends, Shift+Enter adds a line (the page
// kit's keys, `shared/composer-keys.js`); a chip shows the message being replied to or edited
// (Escape or Cancel drops it); files come from the picker or a paste, on a page that has the picker (a kiosk
// has none unless its server allows uploads); the draft is reported as typing.

import { handleComposerKeys } from '../../shared/composer-keys.js';

/** The message input form. */
export class Composer {
  #input;
  #chip;
  #chipText;
  #error;
  #strings;
  #handlers;
  /** @type {{mode: 'reply' | 'edit', message: import('../store.js').Message} | null} */
  #target = null;
  /** @type {{isOpen: boolean, send: (text: string) => boolean} | null} The file tray: while open, Send is its. */
  #files = null;

  /**
   * @param {HTMLFormElement} root The `[data-composer]` form.
   * @param {object} deps
   * @param {import('../i18n.js').Strings} deps.strings
   * @param {(text: string, quote?: import('../store.js').Message) => void} deps.onSend Never called with blank text.
   * @param {(messageId: string, text: string) => void} deps.onEdit
   * @param {((files: File[]) => void) | null} deps.onFiles Null on a page that takes no files: a paste of files is ignored.
   * @param {(draft: string) => void} deps.onTyping
   */
  constructor(root, { strings, onSend, onEdit, onFiles, onTyping }) {
    this.#input = /** @type {HTMLTextAreaElement} */ (root.querySelector('[data-composer-input]'));
    this.#chip = root.querySelector('[data-composer-chip]');
    this.#chipText = root.querySelector('[data-composer-chip-text]');
    this.#error = root.querySelector('[data-composer-error]');
    this.#strings = strings;
    this.#handlers = { onSend, onEdit, onFiles };
    const file = /** @type {HTMLInputElement | null} */ (root.querySelector('[data-composer-file]'));

    root.addEventListener('submit', (event) => {
      event.preventDefault();
      this.#send();
    });
    handleComposerKeys(this.#input, { form: root, onEscape: () => this.#dropTarget() });
    this.#input.addEventListener('input', () => onTyping(this.#input.value));
    if (onFiles !== null) {
      this.#input.addEventListener('paste', (event) => {
        const files = Array.from(event.clipboardData?.files ?? []);
        if (files.length === 0) return;
        event.preventDefault();
        onFiles(files);
      });
    }
    file?.addEventListener('change', () => {
      const files = Array.from(file.files ?? []);
      file.value = '';
      if (files.length > 0) onFiles?.(files);
    });
    root.querySelector('[data-composer-chip-cancel]').addEventListener('click', () => this.cancel());
    // Escape anywhere comes back here (docs/ACCESSIBILITY.md), unless the chip or a dialog took it.
    const doc = root.ownerDocument;
    doc.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !doc.querySelector('dialog[open]')) this.focus();
    });
  }

  /** Takes nothing more: the chat service refused the visitor (banned, a blocked account), and its banner says why. */
  refuse() {
    for (const control of /** @type {HTMLFormElement} */ (this.#input.form).elements) /** @type {HTMLInputElement} */ (control).disabled = true;
  }

  /** Puts the focus in the text box. */
  focus() {
    this.#input.focus();
  }

  /**
   * Replaces the draft (an insert-text keyboard button) and focuses the text box.
   * @param {string} text
   */
  insert(text) {
    this.prefill(text);
    this.focus();
  }

  /**
   * Replaces the draft without taking the focus (a site's `prefill`, while its panel may be closed).
   * @param {string} text
   */
  prefill(text) {
    this.#input.value = text;
    this.#input.dispatchEvent(new Event('input'));
  }

  /**
   * Starts a reply (quote chip) or an edit of the given message.
   * @param {'reply' | 'edit'} mode
   * @param {import('../store.js').Message} message
   */
  target(mode, message) {
    this.#target = { mode, message };
    this.#chip.hidden = false;
    this.#chip.dataset.mode = mode;
    const quoted = message.text || message.attachment?.files?.[0]?.name || '';
    const label = mode === 'edit' ? this.#strings.t('editing') : this.#strings.t('replyingTo', { name: message.senderName || '…' });
    // The quoted words keep their own direction (an English quote on an Arabic page ends with its own full stop).
    const words = this.#chipText.ownerDocument.createElement('bdi');
    words.textContent = quoted.length > 80 ? `${quoted.slice(0, 80)}…` : quoted;
    this.#chipText.replaceChildren(`${label}: `, words);
    if (mode === 'edit') this.#input.value = message.text;
    this.focus();
  }

  /**
   * Gives Send, blank text too, to the file tray while it is open: it sends the text as its files' caption and
   * answers whether it took it.
   * @param {{isOpen: boolean, send: (text: string) => boolean}} tray
   */
  sendFilesWith(tray) {
    this.#files = tray;
  }

  /** Drops the reply or edit. */
  cancel() {
    if (this.#target?.mode === 'edit') this.#input.value = '';
    this.#target = null;
    this.#chip.hidden = true;
    this.focus();
  }

  /**
   * Shows (or clears, with null) an error under the composer.
   * @param {string | null} text
   */
  showError(text) {
    this.#error.hidden = !text;
    this.#error.textContent = text ?? '';
  }

  /** Escape in the text box: drops the reply or edit, if there is one. */
  #dropTarget() {
    if (this.#target === null) return false;
    this.cancel();
    return true;
  }

  #send() {
    const text = this.#input.value;
    if (this.#files?.isOpen && this.#target === null) {
      if (this.#files.send(text)) this.#input.value = '';
      return this.focus();
    }
    if (text.trim() === '') return;
    const target = this.#target;
    this.#input.value = '';
    this.#target = null;
    this.#chip.hidden = true;
    this.showError(null);
    if (target?.mode === 'edit') this.#handlers.onEdit(target.message.id, text);
    else this.#handlers.onSend(text, target?.message);
    // Clicking the button moved focus there; the visitor keeps typing in the text box.
    this.focus();
  }
}
