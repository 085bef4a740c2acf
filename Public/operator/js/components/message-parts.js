// Builders for the richer parts of a transcript row: a file message's links and previews, and a
// keyboard's rows of buttons with its state. Text goes in with textContent; links only to http(s).

import { consoleLocale, t, tOr } from '../i18n.js';

/** The string key of what a button's look adds to its text; a plain shown button adds nothing. */
const LOOK_KEYS = Object.freeze({ showing_selected: 'keyboardButton.shownSelected', hidden: 'keyboardButton.hidden' });

/**
 * The nodes of a file message: one download link per file (with a preview for images) and the caption.
 * @param {Array<{guid: string, filename: string, size: number | null, contentType: string}>} files
 * @param {string} caption
 * @param {(guid: string) => string} urlFor Where each file downloads from.
 * @returns {HTMLElement[]}
 */
export function makeFileBlock(files, caption, urlFor) {
  const nodes = files.map((file) => {
    const figure = document.createElement('p');
    figure.className = 'transcript-file-item';
    const link = document.createElement('a');
    link.className = 'transcript-file-link';
    link.href = urlFor(file.guid);
    link.download = file.filename;
    link.dataset.fileLink = file.guid;
    link.textContent = file.size === null ? file.filename : `${file.filename} (${formatSize(file.size)})`;
    figure.append(link);
    if (file.contentType.startsWith('image/')) {
      const image = document.createElement('img');
      image.className = 'transcript-file-preview';
      image.src = urlFor(file.guid);
      image.alt = file.filename;
      image.loading = 'lazy';
      figure.append(image);
    }
    return figure;
  });
  if (caption !== '') {
    const text = document.createElement('p');
    text.className = 'transcript-file-caption';
    text.textContent = caption;
    nodes.push(text);
  }
  return nodes;
}

/**
 * The nodes of a keyboard: its state, then each row of buttons (the chosen one marked).
 * @param {{state: string, rows: Array<Array<{id: string, text: string, link: string | null, look: string, chosen: boolean}>>}} keyboard
 * @returns {HTMLElement[]}
 */
export function makeKeyboardBlock(keyboard) {
  const state = document.createElement('p');
  state.className = 'transcript-keyboard-state';
  state.dataset.keyboardState = keyboard.state;
  state.textContent = tOr(`keyboardState.${keyboard.state}`, keyboard.state);
  const rows = keyboard.rows.map((row) => {
    const list = document.createElement('ul');
    list.className = 'transcript-keyboard-row';
    for (const button of row) {
      const item = document.createElement('li');
      item.className = 'transcript-keyboard-button';
      item.dataset.keyboardButton = button.id;
      item.dataset.look = button.look;
      if (button.chosen) item.dataset.chosen = 'true';
      const looked = button.look in LOOK_KEYS ? t(LOOK_KEYS[button.look], { text: button.text }) : button.text;
      item.textContent = button.chosen ? t('keyboardButton.chosen', { text: looked }) : looked;
      const link = safeLink(button.link);
      if (link !== null) {
        const anchor = document.createElement('a');
        anchor.href = link;
        anchor.target = '_blank';
        anchor.rel = 'noopener noreferrer';
        anchor.className = 'transcript-keyboard-link';
        anchor.textContent = link;
        item.append(' → ', anchor);
      }
      list.append(item);
    }
    return list;
  });
  return [state, ...rows];
}

/** The URL if it is http(s), else null. */
function safeLink(value) {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

// The widget's rule (Public/js/format.js), so that the operator and the visitor see the same size; the
// console is served from its own root and cannot import the widget's module.
function formatSize(bytes) {
  const unit = (name, unitDisplay, digits) =>
    new Intl.NumberFormat(consoleLocale(), { style: 'unit', unit: name, unitDisplay, maximumFractionDigits: digits });
  const kilobytes = Math.round(bytes / 1024);
  if (bytes < 1024) return unit('byte', 'long', 0).format(bytes);
  if (kilobytes < 1024) return unit('kilobyte', 'short', 0).format(kilobytes);
  return unit('megabyte', 'short', 1).format(bytes / 1024 / 1024);
}
