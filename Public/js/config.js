// The widget's configuration (title, subtitle, icon, colours, placeholder, prefill, invitation,
// offline message, launcher): the server checks the query string of `GET /` and renders the
// result as JSON into `<body data-config>`; this module applies it to the page. Every text here
// goes in with `textContent` or as an attribute value, never as HTML.

import { safeUrl } from './dom.js';

/** Statuses in which no operator can answer, so the offline message is due. */
const OFFLINE = new Set(['offline', 'busyOffline']);

/**
 * The page's options as the server checked them (see Sources/WidgetServer/README.md).
 * @typedef {object} WidgetOptions
 * @property {string} [title]
 * @property {string} [subtitle]
 * @property {string} icon `default`, `hidden` or an image URL
 * @property {string} palette `blue`, `green` or `graphite`
 * @property {string} [accent] `#rrggbb`
 * @property {string} [placeholder]
 * @property {string} [prefill]
 * @property {string} [invitation]
 * @property {string} [offline]
 * @property {string} position `right` or `left`
 * @property {string} launcher `inline`, `floating` or `fullscreen`
 * @property {boolean} [inspect]
 */

/**
 * Reads `<body data-config>`; an unreadable value gives the defaults.
 * @param {HTMLElement} body
 * @returns {WidgetOptions}
 */
export function readOptions(body) {
  const defaults = { icon: 'default', palette: 'blue', position: 'right', launcher: 'inline' };
  try {
    return { ...defaults, ...JSON.parse(body.dataset.config ?? '{}') };
  } catch {
    return defaults;
  }
}

/**
 * Applies the static options. Runs after the strings are applied, so a configured placeholder wins.
 * @param {Document} doc
 * @param {WidgetOptions} options
 */
export function applyOptions(doc, options) {
  const html = doc.documentElement;
  html.dataset.palette = options.palette;
  html.dataset.launcher = options.launcher;
  html.dataset.position = options.position;
  if (options.accent) {
    html.style.setProperty('--chat-accent', options.accent);
    html.style.setProperty('--chat-accent-hover', `color-mix(in srgb, ${options.accent} 82%, black)`);
  }
  const info = doc.querySelector('.header-info');
  if (options.subtitle && info) {
    const subtitle = doc.createElement('p');
    subtitle.className = 'header-subtitle';
    subtitle.dataset.headerSubtitle = '';
    subtitle.textContent = options.subtitle;
    doc.querySelector('[data-header-title]')?.after(subtitle);
  }
  const iconUrl = options.icon === 'default' ? '/static/img/chat-icon.svg' : safeUrl(options.icon);
  if (options.icon !== 'hidden' && iconUrl && info) {
    const icon = doc.createElement('img');
    icon.className = 'header-icon';
    icon.dataset.headerIcon = '';
    icon.alt = '';
    icon.width = icon.height = 36;
    icon.src = iconUrl;
    info.before(icon);
  }
  const input = /** @type {HTMLTextAreaElement | null} */ (doc.querySelector('[data-composer-input]'));
  if (input && options.placeholder) input.placeholder = options.placeholder;
  if (input && options.prefill) input.value = options.prefill;
}

/**
 * Follows the chat for the options that depend on it: the operator's name replaces the title and
 * their avatar the icon; the invitation shows in an empty live chat; the offline message follows
 * the visitor's message while nobody is online.
 * @param {Document} doc
 * @param {import('./store.js').ChatStore} store
 * @param {WidgetOptions} options
 * @param {import('./i18n.js').Strings} strings
 */
export function followStore(doc, store, options, strings) {
  const title = doc.querySelector('[data-header-title]');
  const icon = /** @type {HTMLElement | null} */ (doc.querySelector('[data-header-icon]'));
  const transcript = doc.querySelector('[data-transcript]');
  const invitation = options.invitation ? note(doc, 'invitation', options.invitation) : null;
  const offline = note(doc, 'offline-message', options.offline || strings.t('offlineMessage'));
  if (invitation) transcript?.querySelector('[data-transcript-list]')?.before(invitation);
  transcript?.append(offline);

  const render = () => {
    const operator = /** @type {any} */ (store).operator;
    if (title) title.textContent = operator?.name || options.title || strings.t('title');
    // The title now names the operator, so the status line need not repeat it.
    doc.body.toggleAttribute('data-title-is-operator', Boolean(operator?.name));
    if (icon) icon.hidden = Boolean(safeUrl(operator?.avatarUrl));
    const entries = store.entries;
    if (invitation) invitation.hidden = !(/** @type {any} */ (store).connection === 'live' && entries.length === 0);
    const last = entries.at(-1)?.message;
    offline.hidden = !(OFFLINE.has(/** @type {any} */ (store).onlineStatus) && last?.type === 'visitor');
  };
  for (const name of ['operator', 'connection', 'onlineStatus', 'messages']) store.addEventListener(name, render);
  render();
}

/** A system note in the transcript, shaped like an operator bubble. */
function note(doc, hook, text) {
  const element = doc.createElement('p');
  element.className = 'transcript-note';
  element.setAttribute(`data-${hook}`, '');
  element.textContent = text;
  element.hidden = true;
  return element;
}
