// A bot keyboard inside a message: rows of buttons in the `pending`, `completed` (the chosen button
// marked) or `canceled` state. URL buttons are links (http(s) only); buttons with text to insert fill
// the composer; the rest answer the bot.

import { el, safeUrl } from '../dom.js';

/** What each keyboard root shows now, so that a message changed elsewhere (read, say) keeps its buttons. */
const rendered = new WeakMap();

/**
 * Renders `message.keyboard` into root (emptied and hidden when there is none). Click hooks:
 * `data-button-id` (press), `data-insert` (fill the composer).
 * @param {HTMLElement} root
 * @param {import('../store.js').Message} message
 * @param {import('../i18n.js').Strings} strings
 */
export function renderKeyboard(root, message, strings) {
  const keyboard = message.keyboard;
  // Replacing the buttons would drop the focus of a visitor on one of them, and a screen reader's place.
  const shown = { keyboard: JSON.stringify(keyboard), strings };
  const last = rendered.get(root);
  if (last !== undefined && last.keyboard === shown.keyboard && last.strings === strings) return;
  rendered.set(root, shown);
  root.hidden = keyboard === null;
  if (keyboard === null) return root.replaceChildren();
  const state = ['pending', 'completed', 'canceled'].includes(keyboard.state) ? keyboard.state : 'pending';
  root.dataset.keyboardState = state;
  const chosen = keyboard.response?.buttonId ?? null;
  const rows = [];
  for (const row of Array.isArray(keyboard.buttons) ? keyboard.buttons : []) {
    const line = el('div', 'transcript-keyboard-row');
    for (const button of Array.isArray(row) ? row : []) {
      if (!button || button.state === 'hidden') continue;
      line.append(renderButton(button, state, button.id === chosen || button.state === 'showingSelected', strings));
    }
    rows.push(line);
  }
  if (state === 'canceled') rows.push(el('p', 'transcript-keyboard-note', strings.t('keyboardCanceled')));
  root.replaceChildren(...rows);
}

function renderButton(button, state, selected, strings) {
  const text = typeof button.text === 'string' ? button.text : '';
  const href = button.type === 'url' ? safeUrl(button.data) : null;
  let node;
  if (href !== null && state !== 'canceled') {
    node = /** @type {HTMLAnchorElement} */ (el('a', 'transcript-key', text));
    node.href = href;
    node.target = '_blank';
    node.rel = 'noopener noreferrer';
  } else {
    node = /** @type {HTMLButtonElement} */ (el('button', 'transcript-key', text));
    node.type = 'button';
    // aria-disabled, not disabled: after a choice the buttons stay focusable, so a screen reader
    // still reads the menu and which one was chosen; the transcript ignores their clicks.
    node.setAttribute('aria-disabled', String(state !== 'pending' || button.active === false));
    // The core calls every button without a link `insert`; only one with text to insert fills the
    // composer, the others are answers sent to the bot.
    if (button.type === 'insert' && typeof button.data === 'string' && button.data !== '') node.dataset.insert = button.data;
  }
  node.dir = 'auto';
  if (typeof button.id === 'string') node.dataset.buttonId = button.id;
  if (selected) {
    node.dataset.selected = 'true';
    node.append(el('span', 'transcript-key-chosen', ` ✓ ${strings.t('chosen')}`));
  }
  return node;
}
