// Icons drawn as inline SVG: an emoji character renders as an empty box where no emoji font is
// installed (many kiosks, headless browsers), and a drawing takes the text's colour.

const SVG = 'http://www.w3.org/2000/svg';

/** Each icon's path data, on a 24 × 24 grid, stroked. */
const PATHS = Object.freeze({
  file: ['M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z', 'M14 3v5h5', 'M9 13h6', 'M9 17h6'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  paperclip: ['M21 11.5l-8.5 8.5a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5'],
  like: ['M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1z', 'M7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7'],
  dislike: ['M17 14V3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1z', 'M17 14l-4 8a3 3 0 0 1-3-3v-4H4.5a2 2 0 0 1-2-2.3l1.4-8A2 2 0 0 1 5.9 3H17'],
});

/**
 * An icon that screen readers skip: the text beside it says what it means.
 * @param {keyof typeof PATHS} name
 * @param {string} className
 * @param {number} [size] pixels
 * @returns {SVGSVGElement}
 */
export function icon(name, className, size = 20) {
  return drawing(PATHS[name], className, size);
}

/**
 * A drawing of stroked paths on a 24 × 24 grid, which screen readers skip (a component's own icons).
 * @param {readonly string[]} paths
 * @param {string} className
 * @param {number} size pixels
 * @returns {SVGSVGElement}
 */
export function drawing(paths, className, size) {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [attribute, value] of Object.entries({
    class: className,
    width: String(size),
    height: String(size),
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  })) {
    svg.setAttribute(attribute, value);
  }
  for (const data of paths) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', data);
    svg.append(path);
  }
  return svg;
}
