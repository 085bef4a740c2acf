// The bar above the composer while an operator's proactive invitation waits (chat state `invitation`): who invites,
// and "No, thanks", which declines by closing the chat, as the SDK does. Writing a reply accepts it. Loaded the first
// time an invitation waits.

import { el, loadStylesheet } from '../dom.js';

/**
 * @param {Document} doc
 * @param {{store: import('../store.js').ChatStore, strings: import('../i18n.js').Strings, decline: () => void}} deps
 */
export async function startInvitation(doc, { store, strings, decline }) {
  // Its rules live with the message parts': an invitation always comes with the operator's message.
  await Promise.all([loadStylesheet(doc, '/static/css/message-parts.css'), strings.load('parts')]);
  const bar = el('div', 'widget-invitation');
  bar.dataset.invitationBar = '';
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', strings.t('invitationLabel'));
  const text = el('p', 'widget-invitation-text');
  // It holds the operator's name, which may be written in another direction than the page.
  text.dir = 'auto';
  const button = /** @type {HTMLButtonElement} */ (el('button', 'widget-invitation-decline', strings.t('invitationDecline')));
  button.type = 'button';
  button.addEventListener('click', () => {
    button.disabled = true;
    decline();
  });
  bar.append(text, button);
  doc.querySelector('[data-composer]')?.before(bar);
  const render = () => {
    bar.hidden = store.chatState !== 'invitation';
    button.disabled = false;
    const name = store.operator?.name ?? '';
    text.textContent = name ? strings.t('invitationFrom', { name }) : strings.t('invitationAnonymous');
  };
  for (const name of ['chatState', 'operator']) store.addEventListener(name, render);
  render();
}
