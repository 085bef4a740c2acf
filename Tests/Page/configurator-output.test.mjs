import assert from 'node:assert/strict';
import { test } from 'node:test';

import { attributeName, embedSnippet, fromQuery, previewConfig, toQuery } from '../../Public/js/configurator-output.js';

// What the configurator's set options become: the frame's query, the embed snippet and the --preview-config file.
// A few options in the shape of GET /api/widget-options (the real list is the server's; the browser test reads it).
const CATALOG = [
  { name: 'title', kind: 'text', max_length: 80, summary: '' },
  { name: 'palette', kind: 'choice', values: ['blue', 'green'], default: 'blue', summary: '' },
  { name: 'accent', kind: 'colour', summary: '' },
  { name: 'fontSize', kind: 'number', minimum: 12, maximum: 24, summary: '' },
  { name: 'visitorBubble', kind: 'colour', summary: '' },
  { name: 'dark', kind: 'flag', summary: '' },
  { name: 'launcher', kind: 'choice', values: ['inline', 'floating'], default: 'inline', summary: '' },
  { name: 'open', kind: 'flag', default: false, summary: '' },
];

test('the query is in the catalog order, whatever order the options were set in', () => {
  const values = new Map([
    ['fontSize', '18'],
    ['title', 'Sales & more'],
    ['accent', '#e11d48'],
  ]);
  assert.equal(toQuery(CATALOG, values), 'title=Sales+%26+more&accent=%23e11d48&fontSize=18');
  assert.equal(toQuery(CATALOG, new Map()), '');
});

test('a query gives back the options it sets, and nothing it does not know', () => {
  const values = fromQuery(CATALOG, 'title=Sales+%26+more&accent=%23e11d48&mode=kiosk&bogus=1&palette=');
  assert.deepEqual([...values], [
    ['title', 'Sales & more'],
    ['accent', '#e11d48'],
  ]);
  const again = new Map([
    ['title', 'a=b&c'],
    ['dark', '1'],
  ]);
  assert.deepEqual(fromQuery(CATALOG, toQuery(CATALOG, again)), again);
});

test('attribute names are the dataset spelling of the option names', () => {
  assert.equal(attributeName('title'), 'data-title');
  assert.equal(attributeName('fontSize'), 'data-font-size');
  assert.equal(attributeName('visitorBubble'), 'data-visitor-bubble');
});

test('the snippet carries the set options a site may pass, escaped, and none of the page-only ones', () => {
  const values = new Map([
    ['title', '"><script>alert(1)</script>'],
    ['fontSize', '18'],
    ['launcher', 'floating'],
    ['open', '1'],
  ]);
  const code = embedSnippet(CATALOG, values, 'http://127.0.0.1:8080');
  const tag = code.split('\n').at(-1);
  assert.equal(
    tag,
    '<script async src="http://127.0.0.1:8080/embed.js" data-title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" data-font-size="18"></script>',
  );
  assert.match(code, /^<script>\n {2}window\.WebimWidget = window\.WebimWidget \|\|/);
  assert.doesNotMatch(code, /data-launcher|data-open/);
});

test('the preview file types flags and numbers as the file takes them, and names the variant by its title', () => {
  const file = JSON.parse(
    previewConfig(
      CATALOG,
      new Map([
        ['title', 'Sales'],
        ['fontSize', '18'],
        ['dark', '0'],
        ['open', '1'],
      ]),
      { mode: 'kiosk' },
    ),
  );
  assert.deepEqual(file, { variants: [{ name: 'Sales', options: { title: 'Sales', fontSize: 18, dark: false, open: true, mode: 'kiosk' } }] });
  assert.equal(JSON.parse(previewConfig(CATALOG, new Map())).variants[0].name, 'Configured widget');
});
