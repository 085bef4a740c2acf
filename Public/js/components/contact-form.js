// The form inside an operator's contact-information request: name, e-mail and phone, any of them, sent once with
// `POST /api/tabs/{tab}/contacts`. Loaded with the transcript's parts the first time a request shows.

import { el } from '../dom.js';

/** The page's sentence for each refusal it words; anything else is `contactFailed`. */
const REFUSALS = Object.freeze({
  invalid_email: 'contactEmailInvalid',
  invalid_phone: 'contactPhoneInvalid',
  email_changed_too_many_times: 'contactEmailChanged',
});
const FIELDS = Object.freeze([
  { name: 'name', type: 'text', autocomplete: 'name', label: 'contactName' },
  { name: 'email', type: 'email', autocomplete: 'email', label: 'contactEmail' },
  { name: 'phone', type: 'tel', autocomplete: 'tel', label: 'contactPhone' },
]);
/** Requests answered on this page: their form shows its thanks, not its fields. */
const answered = new Set();
/** The request each form root shows, so that a re-render keeps what the visitor typed and where the focus is. */
const shown = new WeakMap();

/**
 * Renders the form of `message` into `root` when it is a contact-information request, and hides it otherwise.
 * @param {HTMLFormElement} root
 * @param {import('../store.js').Message} message
 * @param {import('../i18n.js').Strings} strings
 * @param {(fields: Record<string, string>) => Promise<{ok: boolean, error?: {code?: string} | null}>} give
 */
export function renderContactForm(root, message, strings, give) {
  const isRequest = message.type === 'contactInformationRequest' && message.id !== '';
  root.hidden = !isRequest;
  if (!isRequest) {
    shown.delete(root);
    root.replaceChildren();
    return;
  }
  const key = `${message.id}|${answered.has(message.id)}`;
  if (shown.get(root) === key) return;
  shown.set(root, key);
  if (answered.has(message.id)) {
    root.replaceChildren(thanks(strings));
    return;
  }
  const status = el('p', 'transcript-contact-status');
  status.setAttribute('role', 'status');
  const inputs = FIELDS.map((field) => {
    const id = `contact-${field.name}-${message.id}`;
    const input = /** @type {HTMLInputElement} */ (el('input', 'transcript-contact-input'));
    Object.assign(input, { id, name: field.name, type: field.type, autocomplete: field.autocomplete, maxLength: 256 });
    input.dir = 'auto';
    const label = el('label', 'transcript-contact-label', strings.t(field.label));
    label.htmlFor = id;
    const row = el('p', 'transcript-contact-row');
    row.append(label, input);
    return { input, row };
  });
  const send = el('button', 'transcript-contact-send widget-accent-button', strings.t('contactSend'));
  send.type = 'submit';
  root.noValidate = true;
  root.replaceChildren(...inputs.map(({ row }) => row), send, status);
  root.onsubmit = (event) => {
    event.preventDefault();
    const fields = Object.fromEntries(inputs.map(({ input }) => [input.name, input.value.trim()]).filter(([, value]) => value !== ''));
    if (Object.keys(fields).length === 0) {
      status.textContent = strings.t('contactNeeded');
      inputs[0].input.focus();
      return;
    }
    send.disabled = true;
    status.textContent = '';
    void give(fields).then((result) => {
      send.disabled = false;
      if (result.ok) {
        answered.add(message.id);
        shown.set(root, `${message.id}|true`);
        root.replaceChildren(thanks(strings));
      } else {
        status.textContent = strings.t(REFUSALS[result.error?.code ?? ''] ?? 'contactFailed');
      }
    });
  };
}

/** @param {import('../i18n.js').Strings} strings */
function thanks(strings) {
  const line = el('p', 'transcript-contact-status', strings.t('contactSent'));
  line.setAttribute('role', 'status');
  return line;
}
