// The tester's pseudo-locale (`locale=qps`): every English string drawn about 40 % longer, its letters accented and
// bracketed ("[Šéñð å ɱéššåĝé · · ·]"), so that a truncated, overflowing or untranslated string shows at a glance.
// Placeholders stay as they are; only this locale loads this file.

const ACCENTED = Object.freeze({
  a: 'å', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
});

/**
 * One string in the pseudo-locale; `{placeholders}` untouched.
 * @param {string} text
 * @returns {string}
 */
export function pseudo(text) {
  if (text === '') return '';
  const accented = text
    .split(/(\{\w+\})/)
    .map((piece) => (/^\{\w+\}$/.test(piece) ? piece : piece.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter])))
    .join('');
  const padding = ' ·'.repeat(Math.max(1, Math.round(text.length * 0.2)));
  return `[${accented}${padding}]`;
}

/**
 * A strings table in the pseudo-locale.
 * @param {Record<string, string>} table
 * @returns {Record<string, string>}
 */
export function pseudoTable(table) {
  return Object.fromEntries(Object.entries(table).map(([key, value]) => [key, pseudo(value)]));
}
