// The widget's options (subtitle, colours, type, corners, placeholder, prefill, invitation, offline
// message, launcher): the server checks the query string of `GET /` and renders the result as JSON into
// `<body data-config>`. main.js gives the title and icon to the header and loads this module only
// when some other option is set. Every text here goes in with `textContent` or as an attribute
// value, never as HTML.

import { loadStylesheet } from './dom.js';
import { BLACK, DARK_BACKGROUND, LIGHT_BACKGROUND, onAccent, onOperatorBubble, parseHex, readableOn, toHex, WHITE } from './contrast.js';

/**
 * The page's options as the server checked them (see Sources/WidgetServer/README.md).
 * @typedef {object} WidgetOptions
 * @property {string} [title]
 * @property {string} [subtitle]
 * @property {string} icon `default`, `hidden` or an image URL
 * @property {string} palette `blue`, `green` or `graphite`
 * @property {string} [accent] `#rrggbb`
 * @property {string} font `system`, `sans`, `serif`, `rounded` or `mono`
 * @property {number} [fontSize] the base text size in pixels
 * @property {number} [radius] the bubbles' corner radius in pixels
 * @property {string} [visitorBubble] `#rrggbb`
 * @property {string} [operatorBubble] `#rrggbb`
 * @property {string} [placeholder]
 * @property {string} [prefill]
 * @property {string} [invitation]
 * @property {string} [offline]
 * @property {string} position `right` or `left`
 * @property {string} launcher `inline`, `floating` or `fullscreen`
 * @property {boolean} [inspect]
 */

/**
 * Applies the options, and shows the invitation in an empty live chat. Runs after the strings are
 * applied, so a configured placeholder or offline message wins.
 * @param {Document} doc
 * @param {WidgetOptions} options
 * @param {import('./store.js').ChatStore} store
 */
export function applyOptions(doc, options, store) {
  const html = doc.documentElement;
  html.dataset.palette = options.palette;
  html.dataset.launcher = options.launcher;
  html.dataset.position = options.position;
  if (options.accent) {
    html.style.setProperty('--chat-accent', options.accent);
    html.style.setProperty('--chat-accent-hover', `color-mix(in srgb, ${options.accent} 82%, black)`);
    // Whatever colour a site picks, what is written on it and what it writes must stay readable (WCAG AA).
    const accent = parseHex(options.accent);
    if (accent !== null) {
      html.style.setProperty('--kit-on-accent', toHex(onAccent(accent)));
      const light = readableOn(accent, LIGHT_BACKGROUND, BLACK);
      const dark = readableOn(accent, DARK_BACKGROUND, WHITE);
      html.style.setProperty('--chat-accent-text', `light-dark(${toHex(light)}, ${toHex(dark)})`);
    }
  }
  applyTheme(doc, options);
  if (options.subtitle) {
    const subtitle = doc.createElement('p');
    subtitle.className = 'header-subtitle';
    subtitle.dataset.headerSubtitle = '';
    subtitle.textContent = options.subtitle;
    doc.querySelector('[data-header-title]')?.after(subtitle);
  }
  const input = /** @type {HTMLTextAreaElement | null} */ (doc.querySelector('[data-composer-input]'));
  if (input && options.placeholder) input.placeholder = options.placeholder;
  if (input && options.prefill) input.value = options.prefill;
  const offline = doc.querySelector('[data-offline-message]');
  if (offline && options.offline) offline.textContent = options.offline;

  const list = doc.querySelector('[data-transcript-list]');
  if (!options.invitation || !list) return;
  const invitation = doc.createElement('p');
  invitation.className = 'transcript-note';
  invitation.dataset.invitation = '';
  invitation.textContent = options.invitation;
  list.before(invitation);
  const render = () => {
    invitation.hidden = !(/** @type {any} */ (store).connection === 'live' && store.entries.length === 0);
  };
  for (const name of ['connection', 'messages']) store.addEventListener(name, render);
  render();
}

/** The type and bubbles: the font's family by name (font-theme.css), sizes and colours on `<html>` itself. */
function applyTheme(/** @type {Document} */ doc, /** @type {WidgetOptions} */ options) {
  const html = doc.documentElement;
  html.dataset.font = options.font;
  if (options.font !== 'system') void loadStylesheet(doc, '/static/css/font-theme.css');
  if (options.fontSize) {
    html.style.setProperty('--kit-font-size', `${options.fontSize}px`);
    // The small text keeps the theme's proportion (12 to 15).
    html.style.setProperty('--chat-font-size-small', `${Math.round(options.fontSize * 0.8)}px`);
  }
  if (options.radius !== undefined && options.radius !== null) html.style.setProperty('--chat-radius', `${options.radius}px`);
  const visitor = options.visitorBubble ? parseHex(options.visitorBubble) : null;
  if (visitor !== null) {
    html.style.setProperty('--chat-visitor-bubble', toHex(visitor));
    html.style.setProperty('--chat-visitor-text', toHex(onAccent(visitor)));
  }
  const operator = options.operatorBubble ? parseHex(options.operatorBubble) : null;
  if (operator !== null) {
    const text = toHex(onOperatorBubble(operator));
    html.style.setProperty('--kit-operator-bubble', toHex(operator));
    html.style.setProperty('--chat-operator-text', text);
    // The bubble's sender and time are small text: on a colour of the site's own, the bubble's full ink.
    html.style.setProperty('--chat-operator-meta', text);
  }
}
