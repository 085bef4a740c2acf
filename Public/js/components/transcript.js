// The message list. It owns `[data-transcript]`, renders the store's entries into the list
// inside the `role="log"` region by cloning the message `<template>`, and never moves focus.

import { fillLinkified, loadStylesheet, setData, safeUrl } from '../dom.js';

/** Message types written by the visitor (a sticker is always the visitor's); they show a send status instead of a sender name. */
const VISITOR_TYPES = new Set(['visitor', 'fileFromVisitor', 'keyboardResponse', 'sticker']);
/** Message types that are notices from the system rather than from a person. */
const SYSTEM_TYPES = new Set(['info', 'operatorBusy', 'contactInformationRequest', 'actionRequest']);
/** Statuses in which no operator can answer, so the offline message follows the visitor's. */
const OFFLINE = new Set(['offline', 'busyOffline']);
/** How close to an edge (in px) counts as being there. */
const EDGE_PX = 48;
const STATUS_KEYS = Object.freeze({ sending: 'sending', sent: 'sent', failed: 'notSent' });
/**
 * The parts many chats never show load with their styles the first time a message has one; until
 * then the part's element stays hidden, as the template has it.
 */
const PARTS = Object.freeze({
  quote: () => import('./quote.js'),
  attachment: () => import('./attachment.js'),
  keyboard: () => import('./keyboard.js'),
  reactions: () => import('./reactions.js'),
  contacts: () => import('./contact-form.js'),
  actionRequest: () => import('./action-request.js'),
  sticker: () => import('./stickers.js'),
});

/**
 * @typedef {object} TranscriptActions
 * @property {(clientId: string) => void} retry
 * @property {(message: import('../store.js').Message, action: 'reply' | 'edit' | 'delete') => void} act
 * @property {(messageId: string, buttonId: string) => void} press
 * @property {(text: string) => void} insert
 * @property {(url: string, name: string) => void} openImage
 * @property {() => void} loadOlder
 * @property {(fields: Record<string, string>) => Promise<{ok: boolean, error?: {code?: string} | null}>} giveContacts
 * @property {(messageId: string) => Promise<{ok: boolean}>} acceptActionRequest
 */

/** Renders the transcript and keeps it in step with the store. */
export class Transcript {
  #root;
  #list;
  #empty;
  #more;
  #offline;
  #template;
  #store;
  #strings;
  #actions;
  #fileLinks;
  #timeFormat;
  #dateFormat;
  #relativeDays;
  /** @type {Map<string, HTMLLIElement>} */
  #items = new Map();
  /** @type {WeakMap<HTMLLIElement, import('../store.js').Entry>} */
  #rendered = new WeakMap();
  /** Whether the visitor is reading the latest messages, so new ones should scroll into view. */
  #stickToBottom = true;
  /** Part name → its module, once loaded. */
  #parts = new Map();
  #loadingParts = new Set();

  /**
   * @param {HTMLElement} root The `[data-transcript]` element.
   * @param {object} deps
   * @param {import('../store.js').ChatStore} deps.store
   * @param {HTMLTemplateElement} deps.template The message template (one `<li>`).
   * @param {import('../i18n.js').Strings} deps.strings
   * @param {TranscriptActions} deps.actions
   * @param {string} [deps.locale] For formatting times and dates.
   * @param {boolean} [deps.fileLinks] Whether a file that is no image is a link to save it (not on a kiosk).
   */
  constructor(root, { store, template, strings, actions, locale, fileLinks = true }) {
    this.#root = root;
    this.#list = /** @type {HTMLOListElement} */ (root.querySelector('[data-transcript-list]'));
    this.#empty = root.querySelector('[data-transcript-empty]');
    this.#more = root.querySelector('[data-history-more]');
    this.#offline = root.querySelector('[data-offline-message]');
    this.#template = template;
    this.#store = store;
    this.#strings = strings;
    this.#actions = actions;
    this.#fileLinks = fileLinks;
    this.#timeFormat = localFormat(Intl.DateTimeFormat, locale, { hour: '2-digit', minute: '2-digit' });
    this.#dateFormat = localFormat(Intl.DateTimeFormat, locale, { day: 'numeric', month: 'long', year: 'numeric' });
    this.#relativeDays = localFormat(Intl.RelativeTimeFormat, locale, { numeric: 'auto' });

    this.#list.addEventListener('click', (event) => this.#handleClick(event));
    this.#more.addEventListener('click', () => actions.loadOlder());
    let lastTop = root.scrollTop;
    root.addEventListener('scroll', () => {
      // Only the visitor scrolling up loads older messages: while a burst of messages fills a
      // short list, following the newest ones passes near the top too.
      const up = root.scrollTop < lastTop;
      lastTop = root.scrollTop;
      this.#stickToBottom = this.isNearBottom();
      if (up && root.scrollTop <= EDGE_PX && store.hasMoreHistory) actions.loadOlder();
    });
    // The banner or a growing composer shrinks the transcript, and a picture or a part that loads late grows the
    // list: keep the latest message in view (scrolling there is also what marks it read).
    const follow = new ResizeObserver(() => {
      if (this.#stickToBottom) this.scrollToLatest();
    });
    follow.observe(root);
    follow.observe(this.#list);
    store.addEventListener('messages', () => this.render());
    store.addEventListener('hasMoreHistory', () => this.render());
    store.addEventListener('hello', () => this.render());
    store.addEventListener('onlineStatus', () => this.render());
    store.addEventListener('connection', () => this.render());
    this.render();
  }

  /** Brings the list in line with the store, reusing each row's element. */
  render() {
    const root = this.#root;
    const fromBottom = root.scrollHeight - root.scrollTop;
    const entries = this.#store.entries;
    const seen = new Set();
    let cursor = this.#list.firstElementChild;
    let previousDay = '';

    for (const entry of entries) {
      seen.add(entry.key);
      let item = this.#items.get(entry.key);
      if (item === undefined) {
        item = /** @type {HTMLLIElement} */ (this.#template.content.firstElementChild.cloneNode(true));
        this.#items.set(entry.key, item);
      }
      if (this.#rendered.get(item) !== entry) {
        this.#fill(item, entry);
        this.#rendered.set(item, entry);
      }
      const day = new Date(entry.message.time).toDateString();
      const date = item.querySelector('[data-message-date]');
      date.hidden = day === previousDay;
      if (!date.hidden) date.textContent = this.#dayLabel(entry.message.time);
      previousDay = day;
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

    const hello = this.#store.hello;
    this.#empty.textContent = hello || this.#strings.t('empty');
    // A visitor the service refused is not invited to write: the banner says why nothing can be sent.
    this.#empty.hidden = entries.length > 0 || this.#store.connection === 'failed';
    // An empty chat has no older messages to offer: any history the service keeps arrives by itself.
    this.#more.hidden = !this.#store.hasMoreHistory || entries.length === 0;
    this.#offline.hidden = !(OFFLINE.has(this.#store.onlineStatus) && entries.at(-1)?.message.type === 'visitor');
    // Keep the visitor's place: new rows above (older history) must not push the view.
    if (this.#stickToBottom) this.scrollToLatest();
    else root.scrollTop = root.scrollHeight - fromBottom;
  }

  /** Scrolls to the newest message (used after the visitor sends one). */
  scrollToLatest() {
    this.#root.scrollTop = this.#root.scrollHeight;
    this.#stickToBottom = true;
  }

  /** @returns {boolean} Whether the newest messages are in view. */
  isNearBottom() {
    const root = this.#root;
    return root.scrollHeight - root.scrollTop - root.clientHeight <= EDGE_PX;
  }

  /** "Today", "Yesterday" (as the locale says them, Intl's relative days), else the date. */
  #dayLabel(time) {
    const day = new Date(time);
    if (Number.isNaN(day.getTime())) return '';
    // Rounded, since a day with a clock change is 23 or 25 hours long.
    const daysAgo = Math.round((startOfDay(new Date()) - startOfDay(day)) / DAY_MS);
    if (daysAgo !== 0 && daysAgo !== 1) return this.#dateFormat.format(day);
    const words = this.#relativeDays.format(-daysAgo, 'day');
    return words.charAt(0).toLocaleUpperCase(this.#relativeDays.resolvedOptions().locale) + words.slice(1);
  }

  #fill(item, entry) {
    const { message, sendStatus, error } = entry;
    const t = (key, vars) => this.#strings.t(key, vars);
    const fromVisitor = VISITOR_TYPES.has(message.type);
    const kind = fromVisitor ? 'visitor' : SYSTEM_TYPES.has(message.type) ? 'system' : 'operator';
    const q = (hook) => /** @type {HTMLElement} */ (item.querySelector(`[data-${hook}]`));

    setData(item, 'messageId', message.id || null);
    setData(item, 'clientId', message.clientId);
    item.dataset.messageType = message.type;
    item.dataset.messageKind = kind;
    setData(item, 'sendStatus', fromVisitor ? sendStatus : null);

    const sender = q('message-sender');
    const showSender = kind === 'operator' && message.senderName !== '';
    sender.textContent = showSender ? message.senderName : '';
    sender.hidden = !showSender;
    const avatar = /** @type {HTMLImageElement} */ (q('message-avatar'));
    const avatarUrl = kind === 'operator' ? safeUrl(message.avatarUrl) : null;
    avatar.hidden = avatarUrl === null;
    if (avatarUrl !== null && avatar.src !== avatarUrl) avatar.src = avatarUrl;

    this.#part('quote', message.quote, (part) => part.renderQuote(q('message-quote'), message.quote, this.#strings));
    this.#part('attachment', message.attachment, (part) =>
      part.renderAttachment(q('message-files'), /** @type {HTMLProgressElement} */ (q('message-progress')), message, this.#strings, {
        links: this.#fileLinks,
      }),
    );
    this.#part('keyboard', message.keyboard, (part) => part.renderKeyboard(q('message-keyboard'), message, this.#strings));
    this.#part('reactions', message.canReact || null, (part) => part.renderReactions(q('message-actions'), message, this.#strings));
    this.#part('contacts', message.type === 'contactInformationRequest' || null, (part) =>
      part.renderContactForm(q('message-contacts'), message, this.#strings, this.#actions.giveContacts),
    );
    this.#part('actionRequest', message.type === 'actionRequest' || null, (part) =>
      part.renderActionRequest(q('message-action-request'), message, this.#strings, this.#actions.acceptActionRequest),
    );
    this.#part('sticker', message.sticker?.url || null, (part) => part.renderSticker(q('message-files'), message, this.#strings));

    let text = message.text;
    if (message.type === 'keyboardResponse' && text === '') text = message.keyboardRequest?.button?.text ?? '';
    if (message.type === 'contactInformationRequest' && text === '') text = t('contactRequest');
    // A sticker with a picture is the picture (its name is the alt text); one without says which it is.
    if (message.sticker) text ||= message.sticker.url ? '' : t('sticker', { id: message.sticker.id });
    const textElement = q('message-text');
    fillLinkified(textElement, text);
    textElement.hidden = text === '';

    const time = /** @type {HTMLTimeElement} */ (q('message-time'));
    const date = new Date(message.time);
    const valid = !Number.isNaN(date.getTime());
    time.dateTime = valid ? date.toISOString() : '';
    time.textContent = valid ? this.#timeFormat.format(date) : '';
    q('message-edited').hidden = !message.edited;

    const status = q('message-status');
    status.hidden = !fromVisitor;
    status.textContent = fromVisitor ? t(STATUS_KEYS[sendStatus] ?? 'sent') + (sendStatus === 'failed' && error ? `: ${error}` : '') : '';
    const ticks = q('message-ticks');
    ticks.hidden = !(fromVisitor && sendStatus === 'sent');
    ticks.textContent = message.read ? '✓✓' : '✓';
    ticks.setAttribute('aria-label', t(message.read ? 'read' : 'sent'));
    setData(ticks, 'read', message.read ? 'true' : null);
    q('message-retry').hidden = !(fromVisitor && sendStatus === 'failed' && message.clientId !== null && !entry.final);

    const actionError = q('message-error');
    actionError.hidden = !(entry.confirmed && error);
    actionError.textContent = entry.confirmed && error ? error : '';

    const canAct = entry.confirmed && message.id !== '';
    q('action="reply"').hidden = !(canAct && kind !== 'system' && message.canBeReplied);
    q('action="edit"').hidden = !(canAct && message.canBeEdited && message.type === 'visitor');
    q('action="delete"').hidden = !(canAct && message.canBeEdited);
  }

  /** Renders one part of a message with its module, loading the module first if this message needs it. */
  #part(name, value, render) {
    const module = this.#parts.get(name);
    if (module !== undefined) render(module);
    else if (value !== null && !this.#loadingParts.has(name)) {
      this.#loadingParts.add(name);
      Promise.all([PARTS[name](), loadStylesheet(this.#root.ownerDocument, '/static/css/message-parts.css'), this.#strings.load('parts')])
        .then(([loaded]) => {
          this.#parts.set(name, loaded);
          // Fill every row again: the ones that need this part were rendered without it.
          this.#rendered = new WeakMap();
          this.render();
        })
        .catch((error) => console.warn(`Could not load the ${name} part`, error))
        .finally(() => this.#loadingParts.delete(name));
    }
  }

  #handleClick(event) {
    const target = event.target instanceof Element ? event.target.closest('button') : null;
    // A control that can no longer act (a chosen reaction) stays focusable and readable, and does nothing.
    if (target === null || !this.#list.contains(target) || target.ariaDisabled === 'true') return;
    const item = /** @type {HTMLElement} */ (target.closest('.transcript-item'));
    const entry = this.#rendered.get(/** @type {HTMLLIElement} */ (item));
    if (!entry) return;
    const data = target.dataset;
    if ('messageRetry' in data && entry.message.clientId) this.#actions.retry(entry.message.clientId);
    else if (data.action) this.#actions.act(entry.message, /** @type {any} */ (data.action));
    else if (data.fileOpen) this.#actions.openImage(data.fileOpen, data.fileName ?? '');
    else if (data.insert !== undefined) this.#actions.insert(data.insert);
    else if (data.buttonId) this.#actions.press(entry.message.id, data.buttonId);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** @param {Date} date */
function startOfDay(date) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * An Intl format for the page's locale, or the browser's own where Intl does not know the locale (the
 * pseudo-locale).
 * @template T
 * @param {new (locale?: string, options?: any) => T} Format
 * @param {string | undefined} locale
 * @param {object} options
 * @returns {T}
 */
function localFormat(Format, locale, options) {
  try {
    return new Format(locale || undefined, options);
  } catch {
    return new Format(undefined, options);
  }
}
