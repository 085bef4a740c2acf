// The button inside an operator's action request (a call back, say): accepted once with
// `POST /api/tabs/{tab}/messages/{id}/accept`. Loaded with the transcript's parts the first time a request shows.

import { el } from '../dom.js';

/** Requests accepted on this page: they show their thanks, not their button. */
const accepted = new Set();
/** The request each root shows, so that a re-render keeps the button and its focus. */
const shown = new WeakMap();

/**
 * Renders the accept button of `message` into `root` when it is an action request, and hides it otherwise.
 * @param {HTMLElement} root
 * @param {import('../store.js').Message} message
 * @param {import('../i18n.js').Strings} strings
 * @param {(messageId: string) => Promise<{ok: boolean}>} accept
 */
export function renderActionRequest(root, message, strings, accept) {
  const isRequest = message.type === 'actionRequest' && message.id !== '';
  root.hidden = !isRequest;
  if (!isRequest) {
    shown.delete(root);
    root.replaceChildren();
    return;
  }
  const key = `${message.id}|${accepted.has(message.id)}`;
  if (shown.get(root) === key) return;
  shown.set(root, key);
  const status = el('span', 'transcript-action-status');
  status.setAttribute('role', 'status');
  if (accepted.has(message.id)) {
    status.textContent = strings.t('actionAccepted');
    root.replaceChildren(status);
    return;
  }
  const button = /** @type {HTMLButtonElement} */ (el('button', 'transcript-action-accept widget-accent-button', strings.t('actionAccept')));
  button.type = 'button';
  button.addEventListener('click', () => {
    button.disabled = true;
    status.textContent = '';
    void accept(message.id).then((result) => {
      if (!result.ok) {
        button.disabled = false;
        status.textContent = strings.t('actionFailed');
        return;
      }
      accepted.add(message.id);
      shown.set(root, `${message.id}|true`);
      status.textContent = strings.t('actionAccepted');
      root.replaceChildren(status);
    });
  });
  root.replaceChildren(button, status);
}
