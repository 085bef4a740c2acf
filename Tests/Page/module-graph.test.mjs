import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { findCycles, importsOf, moduleGraph } from './module-graph.mjs';

const PUBLIC = fileURLToPath(new URL('../../Public/', import.meta.url));

// Modules that import each other load in an order that depends on which one the page asks for first: one of them
// runs before the other's exports exist. Each such loop in Public/ fails here, named.
test('no module under Public/ imports itself through others', () => {
  const { graph } = moduleGraph(PUBLIC);
  const cycles = findCycles(graph).map((cycle) => cycle.join(' → '));
  assert.deepEqual(cycles, [], `import cycles in Public/:\n${cycles.join('\n')}`);
});

// A path the graph resolves wrongly would drop its edge, and with it any cycle through it.
test('every module a script under Public/ imports is a file there', () => {
  const { graph } = moduleGraph(PUBLIC);
  assert.ok(graph.size > 50, `only ${graph.size} scripts found under ${PUBLIC}`);
  const missing = [...graph].flatMap(([file, targets]) => targets.filter((target) => !existsSync(join(PUBLIC, target))).map((target) => `${file} → ${target}`));
  assert.deepEqual(missing, []);
});

test('every kind of import is read, each path once per mention', () => {
  const source = `
    import { a, b as c } from './a.js';
    import * as all from "./b.js";
    import d, { e } from './c.js'
    import './d.js';
    export { f } from './e.js';
    export * from './f.js';
    export * as g from './g.js';
    const h = await import('./h.js');
    import(\`./i.js\`).then(() => {});
    export function later() { return import('./j.js', { with: {} }); }
  `;
  assert.deepEqual(importsOf(source), {
    specifiers: ['./a.js', './b.js', './c.js', './d.js', './e.js', './f.js', './g.js', './h.js', './i.js', './j.js'],
    computed: 0,
  });
});

test('comments, strings and regular expressions hold no imports', () => {
  const source = `
    /** @param {import('./typed.js').Thing} thing */
    // import { x } from './commented.js';
    /* import('./blocked.js') */
    const text = "import { y } from './quoted.js'";
    const url = 'http://example.com/' + "//not a comment";
    const pattern = /['"\\/]+import\\('.\\/pattern.js'\\)[/]/g;
    const half = 10 / 2; const third = half / 3; // import('./after-division.js')
    const template = \`import('./templated.js') \${'}'} // \${\`\${1}\`}\`;
    x.import('./property.js');
    if (import.meta.url) export_ = 1;
    import './real.js';
  `;
  assert.deepEqual(importsOf(source), { specifiers: ['./real.js'], computed: 0 });
});

test('an import of a path built at run time is counted, not followed', () => {
  assert.deepEqual(importsOf('const m = import(`./components/${name}.js`); import(base + "x.js");'), { specifiers: [], computed: 2 });
});

test('declarations after `export` name no module', () => {
  const source = `
    export const from = 'x';
    export default { from: './object.js' };
    export class Thing { static from(value) { return value; } }
    export { from };
  `;
  assert.deepEqual(importsOf(source).specifiers, []);
});

test('a cycle is named from its first module back to it, once per group of modules that import each other', () => {
  const graph = new Map([
    ['a.js', ['b.js']],
    ['b.js', ['c.js', 'd.js']],
    ['c.js', ['a.js']],
    ['d.js', []],
    ['e.js', ['e.js']],
    ['f.js', ['g.js']],
    ['g.js', ['f.js', 'a.js']],
  ]);
  assert.deepEqual(findCycles(graph), [
    ['a.js', 'b.js', 'c.js', 'a.js'],
    ['e.js', 'e.js'],
    ['f.js', 'g.js', 'f.js'],
  ]);
  assert.deepEqual(findCycles(new Map([['a.js', ['b.js']], ['b.js', []]])), []);
});
