// The selected visitor's transcript. It owns `[data-transcript]`: every message kind in readable
// form (text, info, files with download links, keyboards with their buttons and state, quotes with
// the quoted text) and the per-message actions (quote, edit, delete). Rows are reused by message
// id; focus never moves when messages arrive.

import {
  authorKind,
  canDelete,
  canEdit,
  canQuote,
  captionOf,
  filesOf,
  keyboardOf,
  kindLabel,
  messageTime,
  messagesOf,
  quoteText,
  summaryOf,
} from '../model.js';
import { consoleLocale, t } from '../i18n.js';
import { makeFileBlock, makeKeyboardBlock } from './message-parts.js';

/** How close to the bottom (in px) still counts as reading the newest messages. */
const STICK_TO_BOTTOM_PX = 48;

/** Renders the selected visitor's messages. */
export class Transcript {
  #root;
  #list;
  #empty;
  #template;
  #store;
  #fileUrl;
  #handlers;
  /** @type {string | null} */
  #visitorId = null;
  /** @type {Map<string, HTMLLIElement>} */
  #items = new Map();
  /** @type {WeakMap<HTMLLIElement, string>} Each row's message, as JSON, to skip unchanged ones. */
  #rendered = new WeakMap();
  #stickToBottom = true;
  #timeFormat = new Intl.DateTimeFormat(consoleLocale(), { hour: '2-digit', minute: '2-digit', second: '2-digit' });

  /**
   * @param {HTMLElement} root The `[data-transcript]` element.
   * @param {object} deps
   * @param {import('../store.js').ConsoleStore} deps.store
   * @param {HTMLTemplateElement} deps.template The message template (one `<li>`).
   * @param {(visitorId: string, guid: string) => string} deps.fileUrl Where a visitor's file downloads from.
   * @param {{quote: (message: object) => void, edit: (message: object) => void, remove: (message: object) => void}} deps.handlers
   */
  constructor(root, { store, template, fileUrl, handlers }) {
    this.#root = root;
    this.#list = /** @type {HTMLOListElement} */ (root.querySelector('[data-transcript-list]'));
    this.#empty = root.querySelector('[data-transcript-empty]');
    this.#template = template;
    this.#store = store;
    this.#fileUrl = fileUrl;
    this.#handlers = handlers;

    this.#list.addEventListener('click', (event) => this.#handleClick(event));
    root.addEventListener('scroll', () => {
      this.#stickToBottom = root.scrollHeight - root.scrollTop - root.clientHeight <= STICK_TO_BOTTOM_PX;
    });
    store.addEventListener('visitors', () => this.render());
    store.addEventListener('selection', () => this.render());
    this.render();
  }

  /** Brings the list in line with the selected visitor's chat. */
  render() {
    const visitor = this.#store.selected;
    const id = visitor?.visitorId ?? null;
    if (id !== this.#visitorId) {
      this.#visitorId = id;
      this.#items.clear();
      this.#list.replaceChildren();
      this.#stickToBottom = true;
    }
    const messages = visitor === undefined ? [] : messagesOf(visitor);
    const seen = new Set();
    let cursor = this.#list.firstElementChild;
    for (const message of messages) {
      seen.add(message.id);
      let item = this.#items.get(message.id);
      if (item === undefined) {
        item = this.#makeItem();
        this.#items.set(message.id, item);
      }
      const signature = JSON.stringify(message);
      if (this.#rendered.get(item) !== signature) {
        this.#fill(item, message);
        this.#rendered.set(item, signature);
      }
      if (item === cursor) cursor = cursor.nextElementSibling;
      else this.#list.insertBefore(item, cursor);
    }
    for (const [messageId, item] of this.#items) {
      if (!seen.has(messageId)) {
        item.remove();
        this.#items.delete(messageId);
      }
    }
    if (this.#empty) this.#empty.hidden = messages.length > 0;
    if (this.#stickToBottom) this.#root.scrollTop = this.#root.scrollHeight;
  }

  #makeItem() {
    const fragment = /** @type {DocumentFragment} */ (this.#template.content.cloneNode(true));
    return /** @type {HTMLLIElement} */ (fragment.firstElementChild);
  }

  #fill(item, message) {
    const author = authorKind(message);
    item.dataset.messageId = message.id;
    item.dataset.messageKind = message.kind;
    item.dataset.author = author;

    const sender = item.querySelector('[data-message-sender]');
    sender.textContent = message.name || (author === 'system' ? t('transcript.system') : '');
    item.querySelector('[data-message-kind-label]').textContent = kindLabel(message.kind);
    const time = item.querySelector('[data-message-time]');
    const date = new Date(messageTime(message));
    time.textContent = Number.isNaN(date.getTime()) ? '' : this.#timeFormat.format(date);
    if (!Number.isNaN(date.getTime())) time.dateTime = date.toISOString();
    item.querySelector('[data-message-edited]').hidden = message.edited !== true;
    item.querySelector('[data-message-read]').hidden = !(author === 'visitor' && message.read === true);

    const quote = quoteText(message);
    const quoteElement = item.querySelector('[data-message-quote]');
    quoteElement.textContent = quote ?? '';
    quoteElement.hidden = quote === null;

    const files = filesOf(message);
    const keyboard = keyboardOf(message);
    const text = item.querySelector('[data-message-text]');
    text.textContent = files.length > 0 || keyboard !== null ? '' : message.text;
    text.hidden = text.textContent === '';

    const fileBlock = item.querySelector('[data-message-file]');
    const visitorId = this.#visitorId ?? '';
    fileBlock.replaceChildren(
      ...(files.length > 0 ? makeFileBlock(files, captionOf(message), (guid) => this.#fileUrl(visitorId, guid)) : []),
    );
    fileBlock.hidden = files.length === 0;
    const keyboardBlock = item.querySelector('[data-message-keyboard]');
    keyboardBlock.replaceChildren(...(keyboard === null ? [] : makeKeyboardBlock(keyboard)));
    keyboardBlock.hidden = keyboard === null;

    const summary = summaryOf(message).slice(0, 60);
    this.#setAction(item, 'quote', canQuote(message), t('transcript.quoteLabel', { summary }));
    this.#setAction(item, 'edit', canEdit(message), t('transcript.editLabel', { summary }));
    this.#setAction(item, 'delete', canDelete(message), t('transcript.deleteLabel', { summary }));
  }

  #setAction(item, name, shown, label) {
    const button = item.querySelector(`[data-message-action="${name}"]`);
    button.hidden = !shown;
    button.setAttribute('aria-label', label);
  }

  #handleClick(event) {
    const button = event.target instanceof Element ? event.target.closest('[data-message-action]') : null;
    if (button === null || !this.#list.contains(button)) return;
    const messageId = button.closest('[data-message-id]')?.getAttribute('data-message-id');
    const visitor = this.#store.selected;
    const message = visitor === undefined ? undefined : messagesOf(visitor).find((item) => item.id === messageId);
    if (message === undefined) return;
    const action = button.getAttribute('data-message-action');
    if (action === 'quote') this.#handlers.quote(message);
    else if (action === 'edit') this.#handlers.edit(message);
    else if (action === 'delete') this.#handlers.remove(message);
  }
}
