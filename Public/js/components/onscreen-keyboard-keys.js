// The on-screen keyboard's keys (components/onscreen-keyboard.js types with them): one layer of one layout drawn as
// rows of buttons, every letter key the same width, the special keys wider and drawn rather than written, each
// named for screen readers.

import { el } from '../dom.js';
import { drawing } from '../icons.js';
import { DEAD_KEYS, layerRows, shifted } from '../keyboard-layouts.js';

/**
 * What the keys show.
 * @typedef {object} KeyboardView
 * @property {import('../keyboard-layouts.js').Layout} layout
 * @property {'letters' | 'symbols'} layer
 * @property {boolean} shift
 * @property {string | null} dead A dead key pressed, waiting for its letter.
 * @property {boolean} switchesLanguage Whether there is more than one layout, so a language key.
 * @property {(code: string, inLanguage?: string) => string} languageName
 * @property {import('../i18n.js').Strings} strings
 */

/** The width, in letter keys, of each special key. */
const WIDTH = Object.freeze({ shift: 1.5, backspace: 1.5, symbols: 1.5, language: 1.5, enter: 2, hide: 1.5, space: 3 });

/** A dead key's name, by the strings key that says it. */
export const ACCENT_NAMES = Object.freeze({ '´': 'oskAccentAcute', '^': 'oskAccentCircumflex', '¨': 'oskAccentDiaeresis' });

/** What the symbols key shows on the symbols layer, to go back to a layout's letters. */
const LETTERS_LABEL = Object.freeze({ ar: 'أبج', he: 'אבג', ru: 'АБВ', uk: 'АБВ', kk: 'АӘБ' });

/** The special keys' drawings, on a 24 × 24 grid, stroked. */
const DRAWINGS = Object.freeze({
  shift: ['M12 4l-8 8h4.5v7h7v-7H20z'],
  backspace: ['M21 5H9l-6 7 6 7h12a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1z', 'M12 9l6 6', 'M18 9l-6 6'],
  enter: ['M20 5v7a2 2 0 0 1-2 2H5', 'M9 10l-4 4 4 4'],
  hide: ['M3 4h18v10H3z', 'M7 8h.01M11 8h.01M15 8h.01M8 11h8', 'M9 18l3 3 3-3'],
});

/**
 * Draws the view's layer of its layout into the keyboard's root, replacing what was there.
 * @param {HTMLElement} root `[data-onscreen-keyboard]`
 * @param {KeyboardView} view
 */
export function drawKeys(root, view) {
  const layout = view.layout;
  const letters = view.layer === 'letters';
  root.dir = layout.dir;
  root.lang = layout.code;
  root.dataset.layout = layout.code;
  root.dataset.layer = view.layer;
  const rows = layerRows(layout, view.layer);
  const punctuation = rows.pop() ?? [];
  const last = rows.length - 1;
  /** @type {{ keys: HTMLElement[], units: number }[]} */
  const built = rows.map((row, index) => {
    const keys = row.map((text) => characterKey(view, text, letters));
    if (index === last) {
      if (letters && !layout.caseless) keys.unshift(shiftKey(view));
      keys.push(specialKey(view, 'backspace', 'oskBackspace'));
    }
    return { keys, units: unitsOf(keys) };
  });
  const bottom = [
    symbolsKey(view, letters, layout.code),
    ...(view.switchesLanguage ? [languageKey(view, layout)] : []),
    ...punctuation.map((text) => characterKey(view, text, false)),
    spaceKey(view, layout.code),
    specialKey(view, 'enter', 'oskEnter'),
    specialKey(view, 'hide', 'oskHide'),
  ];
  const columns = Math.max(...built.map((row) => row.units), unitsOf(bottom));
  // The space bar takes what the bottom row has to spare.
  const space = bottom.find((key) => key.dataset.key === 'space');
  if (space) space.style.flexGrow = String(WIDTH.space + columns - unitsOf(bottom));
  built.push({ keys: bottom, units: columns });
  root.replaceChildren(
    ...built.map(({ keys, units }) => {
      const row = el('div', 'onscreen-keyboard-row');
      // Rows are written left to right as on hardware; under dir="rtl" they are laid out from the right.
      const ordered = layout.dir === 'rtl' ? keys.reverse() : keys;
      const margin = (columns - units) / 2;
      row.append(...(margin > 0 ? [spacer(margin), ...ordered, spacer(margin)] : ordered));
      return row;
    }),
  );
}

/**
 * @param {KeyboardView} view
 * @param {string} text The key's character, unshifted.
 * @param {boolean} letters On the letters layer (where shift and dead keys act).
 */
function characterKey(view, text, letters) {
  const dead = letters && Object.hasOwn(DEAD_KEYS, text);
  const shown = letters && view.shift && !dead ? shifted(text, view.layout.code) : text;
  const key = keyButton(text, shown, 1);
  if (dead) {
    key.classList.add('onscreen-keyboard-dead');
    key.setAttribute('aria-label', view.strings.t(ACCENT_NAMES[text]));
    key.setAttribute('aria-pressed', String(view.dead === text));
  }
  return key;
}

/** @param {KeyboardView} view */
function shiftKey(view) {
  const key = specialKey(view, 'shift', 'oskShift');
  key.setAttribute('aria-pressed', String(view.shift));
  return key;
}

/**
 * @param {KeyboardView} view
 * @param {boolean} letters
 * @param {string} code
 */
function symbolsKey(view, letters, code) {
  const key = keyButton('symbols', letters ? '?123' : (LETTERS_LABEL[code] ?? 'ABC'), WIDTH.symbols, 'onscreen-keyboard-special');
  key.setAttribute('aria-label', view.strings.t(letters ? 'oskSymbols' : 'oskLetters'));
  // "?123" reads left to right on a right-to-left layout too (not "123?").
  if (letters) key.dir = 'ltr';
  return key;
}

/**
 * @param {KeyboardView} view
 * @param {import('../keyboard-layouts.js').Layout} layout
 */
function languageKey(view, layout) {
  const key = keyButton('language', layout.label, WIDTH.language, 'onscreen-keyboard-special');
  key.setAttribute('aria-label', view.strings.t('oskLanguage', { language: view.languageName(layout.code) }));
  return key;
}

/**
 * The space bar shows the layout's name in its own language ("Русский"), so the visitor sees which is on.
 * @param {KeyboardView} view
 * @param {string} code
 */
function spaceKey(view, code) {
  const name = view.languageName(code, code);
  const key = keyButton('space', name.charAt(0).toLocaleUpperCase(code) + name.slice(1), WIDTH.space, 'onscreen-keyboard-space');
  key.setAttribute('aria-label', view.strings.t('oskSpace'));
  return key;
}

/**
 * A key drawn rather than written, named for screen readers.
 * @param {KeyboardView} view
 * @param {keyof typeof DRAWINGS} name
 * @param {string} labelKey
 */
function specialKey(view, name, labelKey) {
  const key = keyButton(name, '', WIDTH[name], 'onscreen-keyboard-special');
  key.setAttribute('aria-label', view.strings.t(labelKey));
  key.append(drawing(DRAWINGS[name], 'onscreen-keyboard-icon', 28));
  return key;
}

/**
 * @param {string} name Its `data-key`.
 * @param {string} text
 * @param {number} units Its width, in letter keys.
 * @param {string} [className]
 */
function keyButton(name, text, units, className) {
  const key = el('button', `onscreen-keyboard-key${className ? ` ${className}` : ''}`, text);
  key.type = 'button';
  key.dataset.key = name;
  key.dataset.units = String(units);
  key.style.flexGrow = String(units);
  return key;
}

/** @param {HTMLElement[]} keys */
function unitsOf(keys) {
  return keys.reduce((sum, key) => sum + Number(key.dataset.units), 0);
}

/** Empty room that centres a row narrower than the keyboard, keeping every letter key the same width. */
function spacer(units) {
  const gap = el('span', 'onscreen-keyboard-spacer');
  gap.setAttribute('aria-hidden', 'true');
  gap.style.flexGrow = String(units);
  return gap;
}
