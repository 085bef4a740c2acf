// The widget's options (subtitle, colours, placeholder, prefill, invitation, offline message,
// launcher): the server checks the query string of `GET /` and renders the result as JSON into
// `<body data-config>`. main.js gives the title and icon to the header and loads this module only
// when some other option is set. Every text here goes in with `textContent` or as an attribute
// value, never as HTML.

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
      const onAccent = contrast(accent, WHITE) >= contrast(accent, ON_ACCENT_DARK) ? WHITE : ON_ACCENT_DARK;
      html.style.setProperty('--kit-on-accent', toHex(onAccent));
      const light = readableOn(accent, LIGHT_BACKGROUND, [0, 0, 0]);
      const dark = readableOn(accent, DARK_BACKGROUND, WHITE);
      html.style.setProperty('--chat-accent-text', `light-dark(${toHex(light)}, ${toHex(dark)})`);
    }
  }
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

// Colour arithmetic for a custom accent. The backgrounds are the page kit's `--kit-background`
// (shared/theme.css) in each scheme.
const WHITE = [255, 255, 255];
const ON_ACCENT_DARK = [11, 16, 32];
const LIGHT_BACKGROUND = [243, 244, 246];
const DARK_BACKGROUND = [15, 17, 21];
/** WCAG AA for normal text. */
const MINIMUM_CONTRAST = 4.5;

/** @param {string} hex `#rrggbb` @returns {number[] | null} */
function parseHex(hex) {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return match === null ? null : match.slice(1).map((part) => parseInt(part, 16));
}

/** @param {number[]} rgb @returns {string} */
function toHex(rgb) {
  return `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance. @param {number[]} rgb */
function luminance(rgb) {
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. @param {number[]} a @param {number[]} b */
function contrast(a, b) {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

/**
 * The accent, mixed toward `toward` in small steps until it reads on `background` (the accent itself when it does).
 * @param {number[]} accent @param {number[]} background @param {number[]} toward
 */
function readableOn(accent, background, toward) {
  for (let share = 0; share <= 1; share += 0.05) {
    const mixed = accent.map((value, index) => value + (toward[index] - value) * share);
    if (contrast(mixed, background) >= MINIMUM_CONTRAST) return mixed;
  }
  return toward;
}
