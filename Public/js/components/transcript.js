// The message list. It owns `[data-transcript]`, renders the store's entries into the
// `role="log"` list by cloning the message `<template>`, and never moves focus.

/** Message types written by the visitor; they show a send status instead of a sender name. */
const VISITOR_TYPES = new Set(['visitor', 'fileFromVisitor', 'keyboardResponse']);
/** Message types that are notices from the system rather than from a person. */
const SYSTEM_TYPES = new Set(['info', 'operatorBusy', 'contactInformationRequest']);

/** How close to the bottom (in px) still counts as "reading the latest messages". */
const STICK_TO_BOTTOM_PX = 48;

/** Visible labels for a visitor message's send status. */
export const STATUS_LABELS = Object.freeze({
  sending: 'Sending…',
  sent: 'Sent',
  failed: 'Not sent',
});

/** Renders the transcript and keeps it in step with the store. */
export class Transcript {
  #root;
  #list;
  #empty;
  #template;
  #store;
  #onRetry;
  #timeFormat;
  /** @type {Map<string, HTMLLIElement>} */
  #items = new Map();
  /** @type {WeakMap<HTMLLIElement, import('../store.js').Entry>} */
  #rendered = new WeakMap();
  /** Whether the visitor is reading the latest messages, so new ones should scroll into view. */
  #stickToBottom = true;

  /**
   * @param {HTMLElement} root The `[data-transcript]` element.
   * @param {object} deps
   * @param {import('../store.js').ChatStore} deps.store
   * @param {HTMLTemplateElement} deps.template The message template (one `<li>`).
   * @param {(clientId: string) => void} deps.onRetry Called when the visitor retries a failed message.
   * @param {string} [deps.locale] For formatting times.
   */
  constructor(root, { store, template, onRetry, locale }) {
    this.#root = root;
    this.#list = /** @type {HTMLOListElement} */ (root.querySelector('[data-transcript-list]'));
    this.#empty = root.querySelector('[data-transcript-empty]');
    this.#template = template;
    this.#store = store;
    this.#onRetry = onRetry;
    this.#timeFormat = makeTimeFormat(locale);

    this.#list.addEventListener('click', (event) => this.#handleClick(event));
    root.addEventListener('scroll', () => {
      this.#stickToBottom = this.#isNearBottom();
    });
    // The banner or a growing composer shrinks the transcript; keep the latest message in view.
    new ResizeObserver(() => {
      if (this.#stickToBottom) this.#scrollToBottom();
    }).observe(root);
    store.addEventListener('messages', () => this.render());
    this.render();
  }

  /** Brings the list in line with the store, reusing each row's element. */
  render() {
    const entries = this.#store.entries;
    const seen = new Set();
    let cursor = this.#list.firstElementChild;

    for (const entry of entries) {
      seen.add(entry.key);
      let item = this.#items.get(entry.key);
      if (item === undefined) {
        item = this.#makeItem();
        this.#items.set(entry.key, item);
      }
      if (this.#rendered.get(item) !== entry) {
        this.#fill(item, entry);
        this.#rendered.set(item, entry);
      }
      if (item === cursor) {
        cursor = cursor.nextElementSibling;
      } else {
        this.#list.insertBefore(item, cursor);
      }
    }
    for (const [key, item] of this.#items) {
      if (!seen.has(key)) {
        item.remove();
        this.#items.delete(key);
      }
    }

    if (this.#empty) this.#empty.hidden = entries.length > 0;
    if (this.#stickToBottom) this.#scrollToBottom();
  }

  /** Scrolls to the newest message (used after the visitor sends one). */
  scrollToLatest() {
    this.#scrollToBottom();
  }

  #makeItem() {
    const fragment = /** @type {DocumentFragment} */ (this.#template.content.cloneNode(true));
    return /** @type {HTMLLIElement} */ (fragment.firstElementChild);
  }

  #fill(item, entry) {
    const { message, sendStatus, error } = entry;
    const fromVisitor = VISITOR_TYPES.has(message.type);
    const kind = fromVisitor ? 'visitor' : SYSTEM_TYPES.has(message.type) ? 'system' : 'operator';

    setData(item, 'messageId', message.id || null);
    setData(item, 'clientId', message.clientId);
    item.dataset.messageType = message.type;
    item.dataset.messageKind = kind;
    setData(item, 'sendStatus', fromVisitor ? sendStatus : null);

    const sender = item.querySelector('[data-message-sender]');
    const showSender = kind === 'operator' && message.senderName !== '';
    sender.textContent = showSender ? message.senderName : '';
    sender.hidden = !showSender;

    item.querySelector('[data-message-text]').textContent = message.text;

    const time = item.querySelector('[data-message-time]');
    const date = new Date(message.time);
    if (Number.isNaN(date.getTime())) {
      time.textContent = '';
      time.removeAttribute('datetime');
    } else {
      time.dateTime = date.toISOString();
      time.textContent = this.#timeFormat.format(date);
    }

    const status = item.querySelector('[data-message-status]');
    status.hidden = !fromVisitor;
    if (fromVisitor) {
      const label = STATUS_LABELS[sendStatus] ?? '';
      status.textContent = sendStatus === 'failed' && error ? `${label}: ${error}` : label;
      if (sendStatus === 'failed') status.setAttribute('role', 'alert');
      else status.removeAttribute('role');
    } else {
      status.textContent = '';
    }
    const retry = item.querySelector('[data-message-retry]');
    retry.hidden = !(fromVisitor && sendStatus === 'failed' && message.clientId !== null);
  }

  #handleClick(event) {
    const button = event.target instanceof Element ? event.target.closest('[data-message-retry]') : null;
    if (button === null || !this.#list.contains(button)) return;
    const clientId = button.closest('[data-client-id]')?.getAttribute('data-client-id');
    if (clientId) this.#onRetry(clientId);
  }

  #isNearBottom() {
    const root = this.#root;
    return root.scrollHeight - root.scrollTop - root.clientHeight <= STICK_TO_BOTTOM_PX;
  }

  #scrollToBottom() {
    this.#root.scrollTop = this.#root.scrollHeight;
    this.#stickToBottom = true;
  }
}

function setData(element, name, value) {
  if (value === null || value === undefined || value === '') delete element.dataset[name];
  else element.dataset[name] = value;
}

function makeTimeFormat(locale) {
  try {
    return new Intl.DateTimeFormat(locale || undefined, { hour: '2-digit', minute: '2-digit' });
  } catch {
    return new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
  }
}
