// The live list of visitors and their chats. It owns `[data-chat-list]`: one button per visitor
// (name, location, chat state, unread count, badges, last message); choosing one selects it.
// Rows are reused and only inserted, so the focused button never leaves the page.

import { chatState, megabytes, messagesOf, NEAR_BUDGET, stateLabel, storageShare, summaryOf, unreadCount } from '../model.js';
import { plural, t } from '../i18n.js';

/** Renders the store's visitors and reports the operator's choice. */
export class ChatList {
  #list;
  #empty;
  #template;
  #store;
  /** @type {Map<string, HTMLLIElement>} */
  #items = new Map();

  /**
   * @param {HTMLElement} root The `[data-chat-list]` element.
   * @param {object} deps
   * @param {import('../store.js').ConsoleStore} deps.store
   * @param {HTMLTemplateElement} deps.template The row template (one `<li>` with a `[data-chat-item]` button).
   */
  constructor(root, { store, template }) {
    this.#list = /** @type {HTMLUListElement} */ (root.querySelector('[data-chat-list-items]'));
    this.#empty = root.querySelector('[data-chat-list-empty]');
    this.#template = template;
    this.#store = store;

    this.#list.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('[data-chat-item]') : null;
      if (button === null || !this.#list.contains(button)) return;
      store.select(button.closest('[data-visitor-id]')?.getAttribute('data-visitor-id') ?? null);
    });
    store.addEventListener('visitors', () => this.render());
    store.addEventListener('selection', () => this.render());
    store.addEventListener('typing', () => this.render());
    this.render();
  }

  /** Brings the list in line with the store. */
  render() {
    const visitors = this.#store.visitors;
    const seen = new Set();
    let cursor = this.#list.firstElementChild;
    for (const visitor of visitors) {
      seen.add(visitor.visitorId);
      let item = this.#items.get(visitor.visitorId);
      if (item === undefined) {
        item = this.#makeItem(visitor.visitorId);
        this.#items.set(visitor.visitorId, item);
      }
      this.#fill(item, visitor);
      if (item === cursor) {
        cursor = cursor.nextElementSibling;
      } else {
        this.#insertKeepingFocus(item, cursor);
      }
    }
    for (const [id, item] of this.#items) {
      if (!seen.has(id)) {
        item.remove();
        this.#items.delete(id);
      }
    }
    if (this.#empty) this.#empty.hidden = visitors.length > 0;
  }

  #makeItem(id) {
    const fragment = /** @type {DocumentFragment} */ (this.#template.content.cloneNode(true));
    const item = /** @type {HTMLLIElement} */ (fragment.firstElementChild);
    item.dataset.visitorId = id;
    return item;
  }

  #fill(item, visitor) {
    const state = chatState(visitor);
    const unread = unreadCount(visitor);
    const messages = messagesOf(visitor);
    const last = messages.length > 0 ? summaryOf(messages[messages.length - 1]) : '';
    const typing = this.#store.typing(visitor.visitorId).typing;
    const selected = visitor.visitorId === this.#store.selectedId;

    item.dataset.chatState = state;
    item.toggleAttribute('data-banned', visitor.banned);
    item.toggleAttribute('data-paused', visitor.scenarioPaused);
    const button = item.querySelector('[data-chat-item]');
    if (selected) button.setAttribute('aria-current', 'true');
    else button.removeAttribute('aria-current');

    item.querySelector('[data-chat-name]').textContent = visitor.visitorName || t('visitor.fallbackName');
    item.querySelector('[data-chat-location]').textContent = visitor.location;
    item.querySelector('[data-chat-state]').textContent = stateLabel(state);
    const unreadBadge = item.querySelector('[data-chat-unread]');
    unreadBadge.textContent = plural('chats.unread', unread);
    unreadBadge.hidden = unread === 0;
    item.querySelector('[data-chat-badge="banned"]').hidden = !visitor.banned;
    item.querySelector('[data-chat-badge="paused"]').hidden = !visitor.scenarioPaused;
    item.querySelector('[data-chat-badge="typing"]').hidden = !typing;
    const share = storageShare(visitor);
    const storageBadge = item.querySelector('[data-chat-badge="storage"]');
    storageBadge.hidden = share < NEAR_BUDGET;
    storageBadge.textContent = t('chats.storage', { percent: Math.floor(share * 100) });
    storageBadge.title = t('chats.storageTitle', {
      used: megabytes(visitor.storage?.usedBytes ?? 0),
      budget: megabytes(visitor.storage?.budgetBytes ?? 0),
    });
    item.querySelector('[data-chat-last]').textContent = last;
  }

  /** Moves a row; a row holding the focus gets it back (moving an element drops its focus). */
  #insertKeepingFocus(item, before) {
    const hadFocus = item.contains(document.activeElement);
    const focused = hadFocus ? /** @type {HTMLElement} */ (document.activeElement) : null;
    this.#list.insertBefore(item, before);
    if (focused !== null && document.activeElement !== focused) focused.focus({ preventScroll: true });
  }
}
