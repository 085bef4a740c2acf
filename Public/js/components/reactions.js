// Like and dislike on an operator's message, where the chat service allows them (`canReact`; a
// reaction already given changes only where `canChangeReaction`). Loaded with the first message
// that takes one. The buttons carry `data-action`, so the transcript's click handler sends them.

import { icon } from '../icons.js';

/**
 * Fills the reactions of one message into its actions line, or removes them.
 * @param {HTMLElement} actions `[data-message-actions]`
 * @param {import('../store.js').Message} message
 * @param {import('../i18n.js').Strings} strings
 */
export function renderReactions(actions, message, strings) {
  let group = actions.querySelector('[data-message-reactions]');
  if (!message.canReact) {
    group?.remove();
    return;
  }
  if (group === null) {
    group = document.createElement('span');
    group.className = 'transcript-reactions';
    group.dataset.messageReactions = '';
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', strings.t('reactions'));
    for (const reaction of ['like', 'dislike']) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'transcript-reaction';
      button.dataset.action = reaction;
      button.setAttribute('aria-label', strings.t(reaction));
      button.title = strings.t(reaction);
      button.append(icon(reaction, 'transcript-reaction-icon', 16));
      group.append(button);
    }
    actions.prepend(group);
  }
  const given = typeof message.reaction === 'string' ? message.reaction : null;
  const locked = given !== null && !message.canChangeReaction;
  for (const button of group.querySelectorAll('button')) {
    const chosen = button.dataset.action === given;
    button.setAttribute('aria-pressed', String(chosen));
    // Still readable and focusable when it can no longer change (aria-disabled, not disabled).
    button.setAttribute('aria-disabled', String(locked || chosen));
  }
}
