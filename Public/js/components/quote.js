// The quote inside a message: the quoted text and sender, a quoted file's name, or the pending and
// not-found states.

import { formatSize } from '../format.js';
import { icon } from '../icons.js';

/**
 * Fills the message's `[data-message-quote]` blockquote (hidden when there is no quote).
 * @param {HTMLElement} root
 * @param {object | null} quote
 * @param {import('../i18n.js').Strings} strings
 */
export function renderQuote(root, quote, strings) {
  root.hidden = quote === null;
  if (quote === null) return;
  const state = ['pending', 'filled', 'notFound'].includes(quote.state) ? quote.state : 'filled';
  root.dataset.quoteState = state;
  const sender = root.querySelector('[data-quote-sender]');
  const text = root.querySelector('[data-quote-text]');
  sender.textContent = state === 'filled' && typeof quote.senderName === 'string' ? quote.senderName : '';
  sender.hidden = sender.textContent === '';
  if (state === 'pending') text.textContent = strings.t('quotePending');
  else if (state === 'notFound') text.textContent = strings.t('quoteNotFound');
  else if (quote.file && typeof quote.file.name === 'string') {
    text.replaceChildren(icon('paperclip', 'transcript-quote-icon', 16), `${quote.file.name} ${formatSize(quote.file.size)}`.trim());
  } else text.textContent = typeof quote.text === 'string' ? quote.text : '';
}
