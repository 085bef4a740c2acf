// The location's pre-chat form (`GET /api/locations/{location}/prechat`), before the visitor's first chat: its
// fields with their labels and required marks, a department choice where the location has departments, and the
// first question. Submitting starts the chat with the answers (`POST …/chat {action: 'start', departmentKey,
// firstQuestion, customFields}`). main.js loads this module when a page first has an empty transcript and no chat;
// where the location asks no form, it does nothing more.

import { el, loadStylesheet } from '../dom.js';

/** Chat states in which the chat has started, or an operator's invitation waits: the form is done with. */
const OPEN_STATES = new Set(['queue', 'chatting', 'chattingWithRobot', 'invitation']);
/** The fields whose labels the page words itself, in the visitor's language, and how browsers fill them in. */
const KNOWN = Object.freeze({
  name: { label: 'prechatName', autocomplete: 'name' },
  email: { label: 'prechatEmail', autocomplete: 'email' },
  phone: { label: 'prechatPhone', autocomplete: 'tel' },
});
/** The longest first question the server takes (`POST …/chat`). */
export const QUESTION_LIMIT = 10000;

/**
 * Reads the location's form and, when it has one, shows it while the chat has not started.
 * @param {Document} doc
 * @param {object} deps
 * @param {import('../store.js').ChatStore} deps.store
 * @param {import('../i18n.js').Strings} deps.strings
 * @param {import('../session.js').ChatSession & {prechatAnswers?: PrechatAnswers, skipsPrechat?: boolean}} deps.session
 * @param {string} deps.location
 * @returns {Promise<PrechatForm | null>}
 */
export async function startPrechat(doc, { store, strings, session, location }) {
  const form = await fetchForm(location);
  if (form === null) return null;
  await Promise.all([loadStylesheet(doc, '/static/css/prechat.css'), strings.load('prechat')]);
  const view = new PrechatForm(doc, { form, store, strings, session });
  // Right after the transcript, before the panels (panels.js), which may have come first.
  doc.querySelector('[data-transcript]')?.after(view.root);
  view.render();
  return view;
}

/**
 * What a site gives with `WebimWidget('prechat', …)` (embedded.js).
 * @typedef {{fields?: Record<string, string>, departmentKey?: string, firstQuestion?: string, skip?: boolean}} PrechatAnswers
 */

/**
 * The form. Hooks: `data-prechat` (the form), `data-prechat-field` (each input, by name), `data-prechat-department`,
 * `data-prechat-question`, `data-prechat-error` (a field's message), `data-prechat-status`, `data-prechat-start`.
 */
export class PrechatForm {
  /** @type {HTMLFormElement} */
  root;
  #store;
  #strings;
  #session;
  #form;
  /** @type {{field: object, input: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, error: HTMLElement}[]} */
  #controls = [];
  #department = null;
  #question;
  #status;
  #submit;
  /** Set once the visitor (or the site) started the chat from here; the form does not come back. */
  #done = false;
  #prefilled = false;

  constructor(doc, { form, store, strings, session }) {
    this.#form = form;
    this.#store = store;
    this.#strings = strings;
    this.#session = session;
    this.root = /** @type {HTMLFormElement} */ (el('form', 'prechat'));
    this.root.dataset.prechat = '';
    this.root.noValidate = true;
    this.root.setAttribute('aria-labelledby', 'prechat-title');
    this.#build();
    this.root.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.#start();
    });
    for (const name of ['messages', 'chatState', 'visitState', 'departments', 'connection']) store.addEventListener(name, () => this.render());
    session.addEventListener('prechat', () => this.render());
    session.addEventListener('result', (event) => {
      const result = /** @type {CustomEvent} */ (event).detail;
      if (result.kind === 'chat' && !result.ok && !this.root.hidden) this.#fail();
    });
  }

  /** Shows the form while the chat has not started, and the site has not skipped it. */
  render() {
    const store = this.#store;
    if (store.entries.length > 0 || OPEN_STATES.has(store.chatState)) this.#done = true;
    const answers = this.#session.prechatAnswers ?? null;
    if (!this.#done && this.#session.skipsPrechat) {
      this.#done = true;
      // The site knows the answers: they go with the chat's start, now when it gave the question.
      if (answers?.firstQuestion) void this.#session.chat('start', answers.departmentKey, { firstQuestion: answers.firstQuestion.slice(0, QUESTION_LIMIT), customFields: answers.fields ?? {} });
    }
    // No one to chat with: the offline form (panels.js) takes the visitor's message instead, until someone is.
    const shown = !this.#done && store.visitState !== 'offlineMessage';
    this.root.hidden = !shown;
    const html = this.root.ownerDocument.documentElement;
    if (shown) html.dataset.prechat = '';
    else delete html.dataset.prechat;
    if (!shown) return;
    this.#renderDepartments();
    if (answers !== null && !this.#prefilled) this.#prefill(answers);
  }

  #build() {
    const t = (key, vars) => this.#strings.t(key, vars);
    const title = el('h2', 'prechat-title', t('prechatTitle'));
    title.id = 'prechat-title';
    const parts = [title];
    if (this.#form.description) {
      const description = el('p', 'prechat-description', this.#form.description);
      description.dir = 'auto';
      parts.push(description);
    }
    parts.push(el('p', 'prechat-note', t('prechatRequiredNote')));
    for (const field of this.#form.fields) {
      const known = KNOWN[field.name];
      const input = /** @type {HTMLInputElement} */ (el('input', 'prechat-input'));
      input.type = field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text';
      input.name = field.name;
      input.maxLength = field.maxLength;
      input.autocomplete = known?.autocomplete ?? 'off';
      if (field.type === 'phone') input.dir = 'ltr';
      else input.dir = 'auto';
      if (field.mask) input.placeholder = field.mask;
      input.dataset.prechatField = field.name;
      const label = known ? t(known.label) : (field.label ?? field.name);
      parts.push(this.#row(`prechat-field-${field.name}`, label, input, field.required, field));
    }
    this.#department = /** @type {HTMLSelectElement} */ (el('select', 'prechat-input prechat-select'));
    this.#department.name = 'departmentKey';
    this.#department.dataset.prechatDepartment = '';
    parts.push(this.#row('prechat-department', t('prechatDepartment'), this.#department, true, { name: 'departmentKey', type: 'department' }));
    this.#question = /** @type {HTMLTextAreaElement} */ (el('textarea', 'prechat-input prechat-question'));
    this.#question.name = 'firstQuestion';
    this.#question.rows = 3;
    this.#question.maxLength = QUESTION_LIMIT;
    this.#question.dir = 'auto';
    this.#question.dataset.prechatQuestion = '';
    parts.push(this.#row('prechat-question', t('prechatQuestion'), this.#question, true, { name: 'firstQuestion', type: 'question' }));
    this.#status = el('p', 'prechat-status');
    this.#status.dataset.prechatStatus = '';
    this.#status.setAttribute('role', 'alert');
    this.#submit = /** @type {HTMLButtonElement} */ (el('button', 'prechat-start widget-accent-button', t('prechatStart')));
    this.#submit.type = 'submit';
    this.#submit.dataset.prechatStart = '';
    parts.push(this.#status, this.#submit);
    this.root.replaceChildren(...parts);
  }

  /** One labelled control with its error line, tied to it by `aria-describedby`. */
  #row(id, text, input, required, field) {
    input.id = id;
    const label = el('label', 'prechat-label', text);
    label.htmlFor = id;
    if (required) {
      const mark = el('span', 'prechat-required', ' *');
      mark.setAttribute('aria-hidden', 'true');
      label.append(mark);
      input.required = true;
    }
    const error = el('p', 'prechat-error');
    error.id = `${id}-error`;
    error.dataset.prechatError = field.name;
    error.hidden = true;
    const row = el('div', 'prechat-row');
    row.append(label, input, error);
    this.#controls.push({ field: { ...field, required }, input, error });
    return row;
  }

  /** The department choice: shown only where the location has departments; the chosen one stays chosen. */
  #renderDepartments() {
    const select = this.#department;
    const departments = [...this.#store.departments].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    const row = /** @type {HTMLElement} */ (select.closest('.prechat-row'));
    row.hidden = departments.length === 0;
    select.disabled = departments.length === 0;
    const chosen = select.value || this.#session.prechatAnswers?.departmentKey || '';
    const prompt = /** @type {HTMLOptionElement} */ (el('option', '', this.#strings.t('prechatChooseDepartment')));
    prompt.value = '';
    const options = departments.map((department) => {
      const name = String(department.name ?? department.key);
      const offline = String(department.online).endsWith('ffline');
      const option = /** @type {HTMLOptionElement} */ (el('option', '', offline ? this.#strings.t('prechatDepartmentOffline', { name }) : name));
      option.value = String(department.key);
      return option;
    });
    select.replaceChildren(prompt, ...options);
    select.value = options.some((option) => option.value === chosen) ? chosen : '';
  }

  /** The site's answers, given before the visitor typed anything. */
  #prefill(answers) {
    this.#prefilled = true;
    for (const { field, input } of this.#controls) {
      const value = field.type === 'question' ? answers.firstQuestion : field.type === 'department' ? null : answers.fields?.[field.name];
      if (typeof value === 'string' && input.value === '') input.value = value.slice(0, input.maxLength > 0 ? input.maxLength : QUESTION_LIMIT);
    }
    if (answers.departmentKey) this.#renderDepartments();
  }

  /** Checks every field, marks the ones that fail, and starts the chat when none does. */
  async #start() {
    this.#status.textContent = '';
    let firstInvalid = null;
    for (const control of this.#controls) {
      const problem = control.input.disabled ? null : fieldProblem(control.field, control.input.value.trim());
      const message = problem && this.#strings.t(problem.key, problem.vars);
      this.#mark(control, message);
      if (message !== null) firstInvalid ??= control.input;
    }
    if (firstInvalid !== null) {
      firstInvalid.focus();
      return;
    }
    const customFields = {};
    for (const { field, input } of this.#controls) {
      const value = input.value.trim();
      if (field.type !== 'question' && field.type !== 'department' && value !== '') customFields[field.name] = value;
    }
    this.#submit.disabled = true;
    const department = this.#department.disabled ? undefined : this.#department.value || undefined;
    await this.#session.chat('start', department, { firstQuestion: this.#question.value.trim(), customFields });
  }

  /** The chat's start was refused: the form stays, with its answers, to try again. */
  #fail() {
    this.#submit.disabled = false;
    this.#status.textContent = this.#strings.t('prechatFailed');
  }

  /** Shows or clears a field's message; an invalid field says so to screen readers and names its message. */
  #mark({ input, error }, message) {
    error.hidden = message === null;
    error.textContent = message ?? '';
    if (message === null) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    } else {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
    }
  }
}

/**
 * Why a value does not do, as the key of the page's sentence for it (and its placeholders); null when it does.
 * @param {{required?: boolean, type: string, mask?: string}} field `type`: `text`, `email`, `phone`, `department`
 *   or `question`; `mask`: `9` stands for a digit.
 * @param {string} value Trimmed.
 * @returns {{key: string, vars?: Record<string, string>} | null}
 */
export function fieldProblem(field, value) {
  if (value === '') return field.required ? { key: field.type === 'department' ? 'prechatDepartmentNeeded' : 'prechatRequired' } : null;
  if (field.type === 'email') return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : { key: 'prechatEmailInvalid' };
  if (field.type !== 'phone') return null;
  const wrong = field.mask ? { key: 'prechatMaskInvalid', vars: { mask: field.mask } } : { key: 'prechatPhoneInvalid' };
  if (!/^\+?[\d\s().-]+$/.test(value)) return wrong;
  const digits = value.replace(/\D/g, '').length;
  if (field.mask) return digits === (field.mask.match(/9/g) ?? []).length ? null : wrong;
  return digits >= 5 && digits <= 15 ? null : wrong;
}

/**
 * The location's form, or null when it has none (or the server does not answer: the chat goes on without one).
 * @param {string} location
 * @returns {Promise<{fields: object[], description?: string} | null>}
 */
async function fetchForm(location) {
  try {
    const response = await fetch(`/api/locations/${encodeURIComponent(location)}/prechat`);
    const answer = response.ok ? await response.json() : null;
    const form = answer?.form;
    return form && Array.isArray(form.fields) ? form : null;
  } catch {
    return null;
  }
}
