// The right-hand side. It owns `[data-chat-view]` but only shows or hides its body, says what the
// visitor is typing, and marks the visitor's messages read while their chat is shown; the panel,
// transcript, composer and tools inside are components of their own.

import { t } from '../i18n.js';
import { hasOpenChat, unreadCount } from '../model.js';

/** Shows the chat view when a visitor is selected. */
export class ChatView {
  #empty;
  #body;
  #typing;
  #store;
  #controller;
  /** @type {Map<string, string>} Per visitor, what was last marked read, so that a failure is not retried in a loop. */
  #attempted = new Map();

  /**
   * @param {HTMLElement} root The `[data-chat-view]` element.
   * @param {object} deps
   * @param {import('../store.js').ConsoleStore} deps.store
   * @param {import('../controller.js').ConsoleController} deps.controller
   */
  constructor(root, { store, controller }) {
    this.#empty = root.querySelector('[data-chat-view-empty]');
    this.#body = root.querySelector('[data-chat-view-body]');
    this.#typing = root.querySelector('[data-visitor-typing]');
    this.#store = store;
    this.#controller = controller;
    for (const type of ['visitors', 'selection', 'typing']) store.addEventListener(type, () => this.render());
    this.render();
  }

  /** Shows the selected visitor's view, or the hint to pick one. */
  render() {
    const visitor = this.#store.selected;
    this.#empty.hidden = visitor !== undefined;
    this.#body.hidden = visitor === undefined;
    if (visitor === undefined) return;

    const { typing, draft } = this.#store.typing(visitor.visitorId);
    this.#typing.hidden = !typing;
    this.#typing.textContent = typing ? (draft === '' ? t('typing.visitor') : t('typing.visitorDraft', { draft })) : '';

    this.#markRead(visitor);
  }

  /** The operator sees the chat, so its visitor messages count as read (the visitor is told). */
  #markRead(visitor) {
    const id = visitor.visitorId;
    const unread = unreadCount(visitor);
    const messages = visitor.chat?.messages ?? [];
    const signature = `${unread}:${messages[messages.length - 1]?.id ?? ''}`;
    if (!hasOpenChat(visitor) || unread === 0 || this.#attempted.get(id) === signature) return;
    this.#attempted.set(id, signature);
    void this.#controller.markRead(id).then((ok) => (ok ? this.#controller.refreshVisitor(id) : undefined));
  }
}
