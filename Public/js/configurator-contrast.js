// The configurator's readability check: for each colour of the site's own, the contrast of what the page will
// write on it (or of it, written on the page), whether that passes WCAG AA, what the page will quietly change to
// keep it readable (config.js, with the same arithmetic), and the nearest colour that would need no change.

import {
  BLACK,
  contrast,
  DARK_BACKGROUND,
  LIGHT_BACKGROUND,
  MINIMUM_CONTRAST,
  nearestReadable,
  ON_ACCENT_DARK,
  onAccent,
  onOperatorBubble,
  OPERATOR_TEXT_DARK,
  parseHex,
  readableOn,
  toHex,
  WHITE,
} from './contrast.js';

/**
 * One pair of colours the page draws.
 * @typedef {object} ContrastCheck
 * @property {string} id stable, for tests and the DOM
 * @property {string} option the option the suggestion changes
 * @property {string} label what the pair is
 * @property {string} text the text colour the page draws
 * @property {string} background
 * @property {number} ratio
 * @property {boolean} passes
 * @property {string} outcome what the page does, in a sentence
 * @property {string | null} suggestion the nearest value of `option` that passes, when this one does not
 */

/** @param {readonly number[]} rgb */
function inkName(rgb) {
  const hex = toHex(rgb);
  if (hex === toHex(WHITE)) return 'white';
  if (hex === toHex(ON_ACCENT_DARK) || hex === toHex(OPERATOR_TEXT_DARK)) return `near-black (${hex})`;
  return hex;
}

/**
 * A colour as the background of text the page picks (`pick`); the page's usual ink is `usual`.
 * @param {string} id @param {string} option @param {string} label @param {number[]} colour
 * @param {(background: number[]) => number[]} pick @param {readonly number[]} usual @param {string} what
 * @returns {ContrastCheck}
 */
function textOn(id, option, label, colour, pick, usual, what) {
  const ink = pick(colour);
  const ratio = contrast(ink, colour);
  const passes = ratio >= MINIMUM_CONTRAST;
  const changed = toHex(ink) !== toHex(usual);
  const outcome = changed
    ? `The page will draw ${what} in ${inkName(ink)} instead of its usual ${inkName(usual)}, which reads worse on it.`
    : `The page will draw ${what} in ${inkName(ink)}.`;
  const suggestion = passes ? null : nearestReadable(colour, ink);
  return {
    id,
    option,
    label,
    text: toHex(ink),
    background: toHex(colour),
    ratio,
    passes,
    outcome: passes ? outcome : `${outcome} Even so it does not reach ${MINIMUM_CONTRAST}:1.`,
    suggestion: suggestion && toHex(suggestion),
  };
}

/**
 * The accent written as text (links, the focused control) on the page's background in one scheme.
 * @param {number[]} accent @param {'light' | 'dark'} scheme @returns {ContrastCheck}
 */
function accentAsText(accent, scheme) {
  const background = scheme === 'light' ? LIGHT_BACKGROUND : DARK_BACKGROUND;
  const ratio = contrast(accent, background);
  const passes = ratio >= MINIMUM_CONTRAST;
  const drawn = readableOn(accent, background, scheme === 'light' ? BLACK : WHITE);
  const suggestion = passes ? null : nearestReadable(accent, background);
  return {
    id: `accent-text-${scheme}`,
    option: 'accent',
    label: `The accent as text on the ${scheme} background`,
    text: toHex(accent),
    background: toHex(background),
    ratio,
    passes,
    outcome: passes
      ? 'The page writes links and accented words in the accent itself.'
      : `The page will write links and accented words in ${toHex(drawn)} instead (the accent mixed toward ${scheme === 'light' ? 'black' : 'white'} until it reads).`,
    suggestion: suggestion && toHex(suggestion),
  };
}

/**
 * The checks for the set colours. `dark` is the option's value: '1' and '0' pin a scheme, unset checks both.
 * @param {Map<string, string>} values @returns {ContrastCheck[]}
 */
export function contrastChecks(values) {
  const checks = [];
  const schemes = values.get('dark') === '1' ? ['dark'] : values.get('dark') === '0' ? ['light'] : ['light', 'dark'];
  const accent = parseHex(values.get('accent') ?? '');
  if (accent) {
    checks.push(textOn('accent-ink', 'accent', 'Text on the accent (header, send button)', accent, onAccent, WHITE, 'text on the accent'));
    for (const scheme of schemes) checks.push(accentAsText(accent, /** @type {'light' | 'dark'} */ (scheme)));
  }
  const visitor = parseHex(values.get('visitorBubble') ?? '');
  if (visitor) {
    checks.push(textOn('visitor-bubble', 'visitorBubble', "The visitor's bubble", visitor, onAccent, WHITE, "this bubble's text"));
  }
  const operator = parseHex(values.get('operatorBubble') ?? '');
  if (operator) {
    const usual = schemes.includes('light') ? OPERATOR_TEXT_DARK : onOperatorBubble(operator);
    checks.push(textOn('operator-bubble', 'operatorBubble', "The operator's bubble", operator, onOperatorBubble, usual, "this bubble's text"));
  }
  return checks;
}

/**
 * Shows the checks in `container`; a suggestion's button calls `use(option, hex)`.
 * @param {HTMLElement} container @param {ContrastCheck[]} checks @param {(option: string, hex: string) => void} use
 */
export function renderChecks(container, checks, use) {
  const doc = container.ownerDocument;
  const items = checks.map((check) => {
    const item = doc.createElement('li');
    item.className = 'configurator-check';
    item.dataset.contrastCheck = check.id;
    item.dataset.contrastVerdict = check.passes ? 'pass' : 'fail';
    const sample = doc.createElement('span');
    sample.className = 'configurator-sample';
    sample.setAttribute('aria-hidden', 'true');
    // Drawn by CSS (`content`), not as text: it shows the unreadable pair on purpose, and the words beside it say
    // what it shows, so no reader or audit should take it for the page's own text.
    sample.dataset.sample = 'Aa';
    sample.style.color = check.text;
    sample.style.backgroundColor = check.background;
    const head = doc.createElement('p');
    head.className = 'configurator-check-head';
    const verdict = doc.createElement('strong');
    verdict.textContent = check.passes ? 'Passes' : 'Fails';
    head.append(`${check.label}: ${check.ratio.toFixed(2)}:1 `, verdict, ` (AA needs ${MINIMUM_CONTRAST}:1)`);
    const outcome = doc.createElement('p');
    outcome.className = 'configurator-check-outcome';
    outcome.dataset.contrastOutcome = '';
    outcome.textContent = check.outcome;
    item.append(sample, head, outcome);
    if (check.suggestion) {
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'configurator-button';
      button.dataset.contrastSuggestion = check.suggestion;
      const swatch = doc.createElement('span');
      swatch.className = 'configurator-swatch';
      swatch.style.backgroundColor = check.suggestion;
      button.append(swatch, `Use ${check.suggestion}, the nearest that reads`);
      button.addEventListener('click', () => use(check.option, /** @type {string} */ (check.suggestion)));
      item.append(button);
    }
    return item;
  });
  if (items.length === 0) {
    const none = doc.createElement('li');
    none.className = 'configurator-check';
    none.textContent = 'No colours of your own: the palettes already read at AA in light and dark.';
    items.push(none);
  }
  container.replaceChildren(...items);
}
