// The keyboard builder. It owns `[data-keyboard-builder]`: rows of buttons, each with an id, a text,
// and optionally a URL (http or https) or a text to insert; "Send keyboard" sends it to the selected
// visitor. The browser's own form validation names missing or bad fields.

import { t } from '../i18n.js';

/** Fields of one button, as the console API takes them. */
const FIELDS = Object.freeze(['id', 'text', 'url', 'textToInsert']);
/** Visible names of the fields, for the accessible names that say which row and button. */
const FIELD_KEYS = Object.freeze({
  id: 'keyboard.field.id',
  text: 'keyboard.field.text',
  url: 'keyboard.field.url',
  textToInsert: 'keyboard.field.textToInsert',
});

/** Builds a keyboard and sends it. */
export class KeyboardBuilder {
  #form;
  #rows;
  #rowTemplate;
  #buttonTemplate;
  #store;
  #controller;

  /**
   * @param {HTMLFormElement} root The `[data-keyboard-builder]` form.
   * @param {object} deps
   * @param {import('../store.js').ConsoleStore} deps.store
   * @param {import('../controller.js').ConsoleController} deps.controller
   * @param {HTMLTemplateElement} deps.rowTemplate One `[data-keyboard-row]` element.
   * @param {HTMLTemplateElement} deps.buttonTemplate One `[data-keyboard-button-spec]` element.
   */
  constructor(root, { store, controller, rowTemplate, buttonTemplate }) {
    this.#form = root;
    this.#rows = /** @type {HTMLOListElement} */ (root.querySelector('[data-keyboard-rows]'));
    this.#rowTemplate = rowTemplate;
    this.#buttonTemplate = buttonTemplate;
    this.#store = store;
    this.#controller = controller;

    root.addEventListener('click', (event) => this.#handleClick(event));
    root.addEventListener('input', (event) => {
      if (event.target instanceof HTMLInputElement) event.target.setCustomValidity('');
    });
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.#send();
    });
    this.reset();
  }

  /** Starts over with one row holding one empty button. */
  reset() {
    this.#rows.replaceChildren();
    this.#addRow();
  }

  /**
   * The keyboard as the console API takes it.
   * @returns {Array<Array<{id: string, text: string, url?: string, textToInsert?: string}>>}
   */
  rows() {
    return Array.from(this.#rows.querySelectorAll('[data-keyboard-row]'), (row) =>
      Array.from(row.querySelectorAll('[data-keyboard-button-spec]'), (spec) => {
        /** @type {Record<string, string>} */
        const button = {};
        for (const field of FIELDS) {
          const value = /** @type {HTMLInputElement} */ (spec.querySelector(`[data-field="${field}"]`)).value.trim();
          if (value !== '') button[field] = value;
        }
        return /** @type {{id: string, text: string}} */ (button);
      }),
    ).filter((row) => row.length > 0);
  }

  async #send() {
    const visitor = this.#store.selected;
    if (visitor === undefined || !this.#validate()) return;
    const ok = await this.#controller.sendKeyboard(visitor.visitorId, this.rows());
    if (ok) this.reset();
  }

  /** Checks the fields; URLs must be http(s). Reports the first problem at its field. */
  #validate() {
    for (const input of this.#form.querySelectorAll('[data-field="url"]')) {
      const field = /** @type {HTMLInputElement} */ (input);
      field.setCustomValidity(field.value.trim() === '' || isWebURL(field.value.trim()) ? '' : t('keyboard.badUrl'));
    }
    if (this.rows().length === 0) {
      this.#addRow();
      return this.#form.reportValidity();
    }
    return this.#form.reportValidity();
  }

  #handleClick(event) {
    const target = event.target instanceof Element ? event.target.closest('button') : null;
    if (target === null || !this.#form.contains(target)) return;
    if (target.hasAttribute('data-keyboard-add-row')) {
      this.#addRow();
    } else if (target.hasAttribute('data-keyboard-add-button')) {
      const row = target.closest('[data-keyboard-row]');
      if (row) this.#addButton(row);
    } else if (target.hasAttribute('data-keyboard-remove-row')) {
      this.#remove(target.closest('[data-keyboard-row]'));
    } else if (target.hasAttribute('data-keyboard-remove-button')) {
      const row = target.closest('[data-keyboard-row]');
      this.#remove(row?.querySelectorAll('[data-keyboard-button-spec]').length === 1 ? row : target.closest('[data-keyboard-button-spec]'));
    }
  }

  #addRow() {
    const row = /** @type {HTMLElement} */ (clone(this.#rowTemplate));
    this.#rows.append(row);
    this.#addButton(row);
  }

  #addButton(row) {
    const spec = /** @type {HTMLElement} */ (clone(this.#buttonTemplate));
    row.querySelector('[data-keyboard-buttons]').append(spec);
    this.#renumber();
    if (this.#form.contains(document.activeElement)) spec.querySelector('input')?.focus();
  }

  /** Removes a row or a button; the focus (which was on its remove button) moves to the "Add row" button. */
  #remove(element) {
    if (!element) return;
    element.remove();
    if (this.#rows.childElementCount === 0) this.#addRow();
    this.#renumber();
    /** @type {HTMLElement | null} */ (this.#form.querySelector('[data-keyboard-add-row]'))?.focus();
  }

  /** Names every row and field by position, so a screen reader says which button a field belongs to. */
  #renumber() {
    this.#rows.querySelectorAll('[data-keyboard-row]').forEach((row, rowIndex) => {
      row.querySelector('[data-keyboard-row-legend]').textContent = t('keyboard.rowNumber', { row: rowIndex + 1 });
      row.querySelectorAll('[data-keyboard-button-spec]').forEach((spec, buttonIndex) => {
        for (const field of FIELDS) {
          spec
            .querySelector(`[data-field="${field}"]`)
            .setAttribute('aria-label', t('keyboard.fieldLabel', { row: rowIndex + 1, button: buttonIndex + 1, field: t(FIELD_KEYS[field]) }));
        }
        spec
          .querySelector('[data-keyboard-remove-button]')
          .setAttribute('aria-label', t('keyboard.removeButtonLabel', { button: buttonIndex + 1, row: rowIndex + 1 }));
      });
      row.querySelector('[data-keyboard-remove-row]').setAttribute('aria-label', t('keyboard.removeRowLabel', { row: rowIndex + 1 }));
      row.querySelector('[data-keyboard-add-button]').setAttribute('aria-label', t('keyboard.addButtonLabel', { row: rowIndex + 1 }));
    });
  }
}

function clone(template) {
  return /** @type {DocumentFragment} */ (template.content.cloneNode(true)).firstElementChild;
}

function isWebURL(value) {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
