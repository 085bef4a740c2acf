// How the on-screen keyboard edits a text field, as a hardware keyboard would: text goes in at the caret (over
// a selection), backspace takes the selection or one whole character as a reader sees it (an emoji, a letter
// with its combining accent), and a field's maxlength is kept. Pure functions on (value, selection).

/** @typedef {{ value: string, caret: number }} Edit */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Clamps a selection to the value; a field without one (an e-mail input has no selection API) edits at the end.
 * @param {string} value
 * @param {number | null} start
 * @param {number | null} end
 * @returns {[number, number]}
 */
function span(value, start, end) {
  const from = Math.min(Math.max(start ?? value.length, 0), value.length);
  const to = Math.min(Math.max(end ?? from, from), value.length);
  return [from, to];
}

/**
 * Types `text` over the selection. Under a maximum length (UTF-16 units, as the browser counts `maxlength`;
 * negative for none) only as many whole characters go in as fit, and none when none fit.
 * @param {string} value
 * @param {number | null} start
 * @param {number | null} end
 * @param {string} text
 * @param {number} [maxLength]
 * @returns {Edit}
 */
export function insertText(value, start, end, text, maxLength = -1) {
  const [from, to] = span(value, start, end);
  let typed = text;
  if (maxLength >= 0) {
    const room = maxLength - (value.length - (to - from));
    typed = '';
    for (const character of text) {
      if (typed.length + character.length > room) break;
      typed += character;
    }
    if (typed === '') return { value, caret: to };
  }
  return { value: value.slice(0, from) + typed + value.slice(to), caret: from + typed.length };
}

/**
 * Deletes the selection, or the one grapheme before the caret; at the start, nothing.
 * @param {string} value
 * @param {number | null} start
 * @param {number | null} end
 * @returns {Edit}
 */
export function deleteBackward(value, start, end) {
  const [from, to] = span(value, start, end);
  if (from !== to) return { value: value.slice(0, from) + value.slice(to), caret: from };
  if (from === 0) return { value, caret: 0 };
  const { index } = graphemes.segment(value).containing(from - 1);
  return { value: value.slice(0, index) + value.slice(from), caret: index };
}
