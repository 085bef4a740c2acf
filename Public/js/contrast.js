// WCAG 2.x contrast arithmetic, in one place: config.js uses it to keep a site's colours readable, and the
// preview's configurator uses the same code to tell the developer what the page will change and to suggest
// the nearest colour that needs no change. Colours are `[r, g, b]` arrays of 0–255.

/** WCAG AA for normal text. */
export const MINIMUM_CONTRAST = 4.5;

export const WHITE = Object.freeze([255, 255, 255]);
export const BLACK = Object.freeze([0, 0, 0]);
/** The page kit's dark text on an accent (`--kit-on-accent` in the dark scheme, shared/theme.css). */
export const ON_ACCENT_DARK = Object.freeze([11, 16, 32]);
/** The page kit's `--kit-background`, light and dark (shared/theme.css). */
export const LIGHT_BACKGROUND = Object.freeze([243, 244, 246]);
export const DARK_BACKGROUND = Object.freeze([15, 17, 21]);
/** The widget's `--chat-operator-text`, light and dark (css/theme.css). */
export const OPERATOR_TEXT_DARK = Object.freeze([17, 24, 39]);
export const OPERATOR_TEXT_LIGHT = Object.freeze([229, 231, 235]);

/** @param {string} hex `#rrggbb` @returns {number[] | null} */
export function parseHex(hex) {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return match === null ? null : match.slice(1).map((part) => parseInt(part, 16));
}

/** @param {readonly number[]} rgb @returns {string} lower-case `#rrggbb` */
export function toHex(rgb) {
  return `#${rgb.map((value) => Math.min(255, Math.max(0, Math.round(value))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance. @param {readonly number[]} rgb */
export function luminance(rgb) {
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. @param {readonly number[]} a @param {readonly number[]} b */
export function contrast(a, b) {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

/**
 * Of `candidates`, the text colour that reads best on `background` (the first wins a tie).
 * @param {readonly number[]} background @param {readonly (readonly number[])[]} candidates
 */
export function bestText(background, candidates) {
  return candidates.reduce((best, colour) => (contrast(colour, background) > contrast(best, background) ? colour : best));
}

/**
 * `colour`, mixed toward `toward` in small steps until it reads on `background` (the colour itself when it does).
 * This is what the page does to a custom accent used as text: it keeps its hue as far as it can.
 * @param {readonly number[]} colour @param {readonly number[]} background @param {readonly number[]} toward
 */
export function readableOn(colour, background, toward) {
  for (let step = 0; step <= 20; step += 1) {
    const share = step / 20;
    const mixed = colour.map((value, index) => value + (toward[index] - value) * share);
    if (contrast(mixed, background) >= MINIMUM_CONTRAST) return mixed.map(Math.round);
  }
  return [...toward];
}

/** @param {readonly number[]} rgb @returns {[number, number, number]} hue 0–360, saturation and lightness 0–1 */
export function toHsl(rgb) {
  const [r, g, b] = rgb.map((value) => value / 255);
  const high = Math.max(r, g, b);
  const low = Math.min(r, g, b);
  const lightness = (high + low) / 2;
  const chroma = high - low;
  if (chroma === 0) return [0, 0, lightness];
  const saturation = chroma / (1 - Math.abs(2 * lightness - 1));
  const hue = high === r ? ((g - b) / chroma) % 6 : high === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  return [(hue * 60 + 360) % 360, saturation, lightness];
}

/** @param {number} hue @param {number} saturation @param {number} lightness @returns {number[]} */
export function fromHsl(hue, saturation, lightness) {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const sector = Math.floor(hue / 60) % 6;
  const [r, g, b] = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ][sector];
  return [r, g, b].map((value) => Math.round((value + m) * 255));
}

/**
 * The colour nearest `colour` (same hue and saturation, lightness moved in steps of 1 %) that has at least
 * `minimum` contrast with `other`; the colour itself when it already has. Either direction may win: whichever
 * needs the smaller move. Null when no lightness reaches it (it always does against white or black).
 * @param {readonly number[]} colour @param {readonly number[]} other @param {number} [minimum]
 * @returns {number[] | null}
 */
export function nearestReadable(colour, other, minimum = MINIMUM_CONTRAST) {
  if (contrast(colour, other) >= minimum) return [...colour];
  const [hue, saturation, lightness] = toHsl(colour);
  for (let move = 0.01; move <= 1; move += 0.01) {
    for (const candidate of [lightness - move, lightness + move]) {
      if (candidate < 0 || candidate > 1) continue;
      const rgb = fromHsl(hue, saturation, candidate);
      if (contrast(rgb, other) >= minimum) return rgb;
    }
  }
  return null;
}

/**
 * The text colour the page draws on an accent or a visitor's bubble: white or the kit's dark ink, whichever
 * reads better (config.js draws it; the configurator says so).
 * @param {readonly number[]} background
 */
export function onAccent(background) {
  return [...bestText(background, [WHITE, ON_ACCENT_DARK])];
}

/**
 * The text colour on an operator's bubble of the site's colour: the theme's dark or light ink, whichever reads better.
 * @param {readonly number[]} background
 */
export function onOperatorBubble(background) {
  return [...bestText(background, [OPERATOR_TEXT_DARK, OPERATOR_TEXT_LIGHT])];
}
