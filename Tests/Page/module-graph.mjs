// The module graph of the scripts under Public/, read from their source as the browser would link it: static
// imports, re-exports and dynamic `import()` of a literal path. Comments, strings and regular expressions are skipped
// as such, so the JSDoc types' `import('…')` and an example inside a string are no edges.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Keywords after which a `/` starts a regular expression, not a division. */
const BEFORE_EXPRESSION = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

/**
 * The source's tokens as far as its imports need them: names, punctuation, numbers, regular expressions (without
 * their text) and strings (a template literal's text when it has no `${…}`, else `computed`). Whitespace and
 * comments are dropped.
 * @param {string} source
 * @returns {({kind: 'name' | 'punct' | 'number' | 'regex', text: string} | {kind: 'string', text: string, computed: boolean})[]}
 */
export function tokenize(source) {
  const tokens = [];
  /** One entry per open `{`: whether it opened a template's `${`, whose `}` resumes the template. */
  const braces = [];
  let at = 0;
  // Whether a `/` here would start a regular expression: at the start, after punctuation other than a closing
  // bracket, or after a keyword that takes an expression.
  const regexAllowed = () => {
    const last = tokens.at(-1);
    if (last === undefined) return true;
    if (last.kind === 'name') return BEFORE_EXPRESSION.has(last.text);
    if (last.kind === 'punct') return !')]}'.includes(last.text);
    // After a string, a number or a regular expression: a division.
    return false;
  };
  const readTemplate = () => {
    // `at` is just past a backquote or a template's `}`.
    let text = '';
    while (at < source.length) {
      const char = source[at];
      if (char === '\\') {
        text += source.slice(at, at + 2);
        at += 2;
      } else if (char === '`') {
        at += 1;
        return { text, ended: true };
      } else if (char === '$' && source[at + 1] === '{') {
        at += 2;
        braces.push(true);
        return { text, ended: false };
      } else {
        text += char;
        at += 1;
      }
    }
    return { text, ended: true };
  };
  while (at < source.length) {
    const char = source[at];
    const next = source[at + 1];
    if (/\s/.test(char)) {
      at += 1;
    } else if (char === '/' && next === '/') {
      const end = source.indexOf('\n', at);
      at = end < 0 ? source.length : end;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', at + 2);
      at = end < 0 ? source.length : end + 2;
    } else if (char === "'" || char === '"') {
      let text = '';
      at += 1;
      while (at < source.length && source[at] !== char && source[at] !== '\n') {
        if (source[at] === '\\') at += 1;
        text += source[at];
        at += 1;
      }
      at += 1;
      tokens.push({ kind: 'string', text, computed: false });
    } else if (char === '`') {
      at += 1;
      const head = readTemplate();
      tokens.push({ kind: 'string', text: head.text, computed: !head.ended });
    } else if (char === '}' && braces.at(-1) === true) {
      // The end of a template's `${…}`: the template goes on, and its string token is already there.
      braces.pop();
      at += 1;
      readTemplate();
    } else if (char === '/' && regexAllowed()) {
      let inClass = false;
      at += 1;
      while (at < source.length && (inClass || source[at] !== '/') && source[at] !== '\n') {
        if (source[at] === '\\') at += 1;
        else if (source[at] === '[') inClass = true;
        else if (source[at] === ']') inClass = false;
        at += 1;
      }
      at += 1;
      while (at < source.length && /[a-z]/i.test(source[at])) at += 1;
      tokens.push({ kind: 'regex', text: '' });
    } else if (/[\p{ID_Start}$_]/u.test(char)) {
      const name = /^[\p{ID_Continue}$\u200c\u200d]+/u.exec(source.slice(at, at + 200))[0];
      tokens.push({ kind: 'name', text: name });
      at += name.length;
    } else if (/[0-9]/.test(char) || (char === '.' && /[0-9]/.test(next ?? ''))) {
      const number = /^[0-9a-z_.]+/i.exec(source.slice(at, at + 100))[0];
      tokens.push({ kind: 'number', text: number });
      at += number.length;
    } else {
      if (char === '{') braces.push(false);
      else if (char === '}') braces.pop();
      // `...` and `?.` read as one token, so `import` after a spread or an optional chain is never a statement's.
      const punct = char === '.' && source.startsWith('...', at) ? '...' : char === '?' && next === '.' && !/[0-9]/.test(source[at + 2] ?? '') ? '?.' : char;
      tokens.push({ kind: 'punct', text: punct });
      at += punct.length;
    }
  }
  return tokens;
}

/**
 * The paths a module names: `import … from 'x'`, `import 'x'`, `export … from 'x'` and `import('x')`.
 * @param {string} source
 * @returns {{specifiers: string[], computed: number}} `computed`: dynamic imports of a path built at run time, which
 *   no reading of the source can follow.
 */
export function importsOf(source) {
  const tokens = tokenize(source);
  const specifiers = [];
  let computed = 0;
  const is = (index, kind, text) => tokens[index]?.kind === kind && (text === undefined || tokens[index].text === text);
  // From the token after `import` or `export`, the `from 'x'` that ends the clause, if the clause is one.
  const fromClause = (index) => {
    for (let i = index; i < tokens.length; i += 1) {
      if (is(i, 'name', 'from') && is(i + 1, 'string')) return tokens[i + 1].text;
      const clause = is(i, 'name') || (tokens[i].kind === 'punct' && '{},*'.includes(tokens[i].text));
      if (!clause) return null;
    }
    return null;
  };
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (token.kind !== 'name' || (token.text !== 'import' && token.text !== 'export')) continue;
    // `x.import(…)`, `x?.import`: a property, not the keyword.
    if (is(i - 1, 'punct', '.') || is(i - 1, 'punct', '?.')) continue;
    if (token.text === 'import' && is(i + 1, 'punct', '(')) {
      const argument = tokens[i + 2];
      if (argument?.kind === 'string' && !argument.computed && (is(i + 3, 'punct', ')') || is(i + 3, 'punct', ','))) specifiers.push(argument.text);
      else computed += 1;
    } else if (token.text === 'import' && is(i + 1, 'string')) {
      specifiers.push(tokens[i + 1].text);
    } else if (!is(i + 1, 'punct', '.')) {
      // `import.meta` is neither; a declaration (`export function`, `export const`) has no `from` and gives null.
      const from = fromClause(i + 1);
      if (from !== null) specifiers.push(from);
    }
  }
  return { specifiers, computed };
}

/**
 * Every `.js` and `.mjs` file under `root`, recursively.
 * @param {string} root
 * @returns {string[]} Absolute paths, sorted.
 */
export function scriptFiles(root) {
  // Walked by hand: Node 18 (Debian 12's) has no recursive readdir.
  const files = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) files.push(...scriptFiles(path));
    else if (entry.isFile() && /\.m?js$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/**
 * The module graph of the scripts under `root`: each file to the files it imports. A path starting `/static/` is the
 * server's name for `root`; a bare name (a package) would be no file of the page's, and is left out.
 * @param {string} root The page's `Public/` folder.
 * @returns {{graph: Map<string, string[]>, computed: Map<string, number>}} Paths relative to `root`.
 */
export function moduleGraph(root) {
  const graph = new Map();
  const computed = new Map();
  for (const file of scriptFiles(root)) {
    const { specifiers, computed: count } = importsOf(readFileSync(file, 'utf8'));
    const targets = specifiers
      .map((specifier) => {
        if (specifier.startsWith('/static/')) return join(root, specifier.slice('/static/'.length));
        if (specifier.startsWith('./') || specifier.startsWith('../')) return resolve(dirname(file), specifier);
        return null;
      })
      .filter((target) => target !== null)
      .map((target) => relative(root, target));
    graph.set(relative(root, file), [...new Set(targets)]);
    if (count > 0) computed.set(relative(root, file), count);
  }
  return { graph, computed };
}

/**
 * One cycle through each group of modules that import each other (Tarjan's strongly connected components), each as
 * the path from a module back to it: `['a.js', 'b.js', 'a.js']`. None when the graph is acyclic.
 * @param {Map<string, string[]>} graph
 * @returns {string[][]}
 */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return components
    .filter((component) => component.length > 1 || (graph.get(component[0]) ?? []).includes(component[0]))
    .map((component) => cycleWithin(graph, new Set(component)))
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** The shortest path from the group's first module (by name) back to it, through the group alone. */
function cycleWithin(graph, members) {
  const start = [...members].sort()[0];
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let back = node; back !== start; back = cameFrom.get(back)) path.splice(1, 0, back);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
