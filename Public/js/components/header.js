// The header. It owns `[data-header]`: the title (the operator's name once one has joined), the icon,
// the operator's name and avatar, online status, chat state, the typing indicator, the unread badge
// and the chat's action buttons.

import { el, safeUrl } from '../dom.js';

const OPEN_STATES = new Set(['queue', 'chatting', 'chattingWithRobot']);
const DEFAULT_ICON = '/static/img/chat-icon.svg';

/** Shows who the visitor is talking to, and offers start, close, rating and transcript. */
export class Header {
  #root;
  /** @type {Map<string, HTMLElement>} */
  #parts = new Map();
  #store;
  #strings;
  #title;
  /** @type {HTMLImageElement | null} */
  #icon = null;

  /**
   * @param {HTMLElement} root The `[data-header]` element.
   * @param {object} deps
   * @param {import('../store.js').ChatStore} deps.store
   * @param {import('../i18n.js').Strings} deps.strings
   * @param {string} deps.title Shown until an operator joins.
   * @param {string} deps.icon The `icon` option: `default`, `hidden` or an image URL.
   * @param {{start: () => void, close: () => void, rate: () => void, transcript: () => void}} deps.actions
   */
  constructor(root, { store, strings, title, icon, actions }) {
    this.#root = root;
    this.#store = store;
    this.#strings = strings;
    this.#title = title;
    const iconUrl = icon === 'default' ? DEFAULT_ICON : safeUrl(icon);
    if (icon !== 'hidden' && iconUrl !== null) {
      this.#icon = root.ownerDocument.createElement('img');
      this.#icon.className = 'header-icon';
      this.#icon.dataset.headerIcon = '';
      this.#icon.alt = '';
      this.#icon.width = this.#icon.height = 36;
      this.#icon.src = iconUrl;
      root.querySelector('.header-info').before(this.#icon);
    }
    const on = (hook, action) => root.querySelector(`[data-${hook}]`).addEventListener('click', action);
    on('chat-start', actions.start);
    on('chat-close', actions.close);
    on('rate-open', actions.rate);
    on('transcript-open', actions.transcript);
    for (const name of ['operator', 'lastOperator', 'operatorTyping', 'chatState', 'visitState', 'onlineStatus', 'unread', 'messages', 'connection']) {
      store.addEventListener(name, () => this.render());
    }
    this.render();
  }

  /**
   * The header's element with `data-{hook}`, found once: the first render finds each, and a kiosk then moves the
   * chat's actions to its bar at the foot of the screen, where they go on being the header's.
   * @param {string} hook
   * @returns {HTMLElement}
   */
  #part(hook) {
    let element = this.#parts.get(hook);
    if (element === undefined) {
      element = /** @type {HTMLElement} */ (this.#root.querySelector(`[data-${hook}]`));
      this.#parts.set(hook, element);
    }
    return element;
  }

  /** Shows the store's state. */
  render() {
    const { operator, lastOperator, operatorTyping, chatState, visitState, onlineStatus, unread } = this.#store;
    const t = (key, vars) => this.#strings.t(key, vars);
    const q = (hook) => this.#part(hook);
    const show = (hook, text) => {
      const element = q(hook);
      element.textContent = text;
      element.hidden = text === '';
    };
    const name = operator?.name ?? '';
    // In its own direction (an operator's Latin name on an Arabic page), yet where the page starts its lines.
    q('header-title').replaceChildren(el('bdi', '', name || this.#title));
    // The title now names the operator, so the status line need not repeat it.
    this.#root.toggleAttribute('data-title-is-operator', name !== '');
    show('operator-name', name);
    // The operator's title (`Operator.getTitle()`), under the name; the line ends in an ellipsis when long.
    const title = name && typeof operator?.title === 'string' ? operator.title.trim() : '';
    show('operator-title', title);
    const avatar = /** @type {HTMLImageElement} */ (q('operator-avatar'));
    const avatarUrl = safeUrl(operator?.avatarUrl);
    avatar.hidden = avatarUrl === null;
    if (avatarUrl !== null && avatar.src !== avatarUrl) avatar.src = avatarUrl;
    if (this.#icon !== null) this.#icon.hidden = avatarUrl !== null;

    const statusKey = onlineStatus === 'offline' ? 'offlineStatus' : onlineStatus;
    show('online-status', name === '' && ['online', 'busyOnline', 'offline', 'busyOffline'].includes(onlineStatus) ? t(statusKey) : '');
    q('online-status').dataset.status = onlineStatus;
    // A visitor whose chat never started is in state `closed` too: "Chat closed." would tell of a chat that never was.
    const neverStarted = chatState === 'closed' && this.#store.entries.length === 0;
    const stateLabel = neverStarted ? '' : name === '' || chatState.startsWith('closed') ? t(chatState) : '';
    show('chat-state', stateLabel === chatState ? '' : stateLabel);
    q('chat-state').dataset.chatState = chatState;
    q('typing-indicator').hidden = !operatorTyping;

    const count = Number(unread?.count) || 0;
    show('unread-badge', count > 0 ? String(count) : '');
    q('unread-badge').setAttribute('aria-label', t('unread', { n: count }));

    const open = OPEN_STATES.has(chatState);
    // Refused by the chat service (a banned visitor, a blocked account), the session has stopped: no action would
    // reach it, and the banner says why.
    const refused = this.#store.connection === 'failed';
    q('chat-close').hidden = refused || !open;
    // An invitation is answered from its own bar (write, or "No, thanks"), not by starting another chat.
    q('chat-start').hidden =
      refused || open || chatState === 'invitation' || visitState === 'departmentSelection' || visitState === 'offlineMessage';
    q('rate-open').hidden = refused || lastOperator === null;
    // A transcript of a chat with nothing in it would be empty.
    q('transcript-open').hidden = refused || this.#store.entries.length === 0;
  }
}
