import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  BLACK,
  contrast,
  fromHsl,
  LIGHT_BACKGROUND,
  MINIMUM_CONTRAST,
  nearestReadable,
  ON_ACCENT_DARK,
  onAccent,
  onOperatorBubble,
  OPERATOR_TEXT_DARK,
  OPERATOR_TEXT_LIGHT,
  parseHex,
  readableOn,
  toHex,
  toHsl,
  WHITE,
} from '../../Public/js/contrast.js';

// The WCAG arithmetic that config.js applies to a site's colours and the preview's configurator reports.

test('contrast ratios are the WCAG 2.x figures', () => {
  assert.equal(contrast(BLACK, WHITE), 21);
  assert.equal(contrast(WHITE, WHITE), 1);
  // Known pairs (WebAIM's checker): #767676 on white is the lightest grey that passes AA, #777777 fails.
  assert.equal(contrast(parseHex('#767676'), WHITE).toFixed(2), '4.54');
  assert.ok(contrast(parseHex('#777777'), WHITE) < MINIMUM_CONTRAST);
  assert.equal(contrast(parseHex('#1c64f2'), WHITE).toFixed(2), '5.05'); // the blue palette's accent
  // Order does not matter.
  assert.equal(contrast(WHITE, parseHex('#1c64f2')), contrast(parseHex('#1c64f2'), WHITE));
});

test('hex colours parse and print, and anything else is refused', () => {
  assert.deepEqual(parseHex('#1C64f2'), [28, 100, 242]);
  for (const bad of ['1c64f2', '#16a', '#12345g', '', '#1c64f2 ', 'red']) assert.equal(parseHex(bad), null, bad);
  assert.equal(toHex([28, 100, 242]), '#1c64f2');
  assert.equal(toHex([300, -4, 7.6]), '#ff0008');
});

test('HSL round-trips every channel within one step', () => {
  for (const hex of ['#1c64f2', '#ffff00', '#15803d', '#374151', '#000000', '#ffffff', '#e11d48']) {
    const rgb = parseHex(hex);
    const back = fromHsl(...toHsl(rgb));
    rgb.forEach((value, index) => assert.ok(Math.abs(value - back[index]) <= 1, `${hex} came back as ${toHex(back)}`));
  }
});

test("the page writes on an accent in white, or in the kit's dark ink when white would not read", () => {
  assert.deepEqual(onAccent(parseHex('#1c64f2')), [...WHITE]);
  assert.deepEqual(onAccent(parseHex('#ffff00')), [...ON_ACCENT_DARK]);
  assert.deepEqual(onOperatorBubble(parseHex('#ffffff')), [...OPERATOR_TEXT_DARK]);
  assert.deepEqual(onOperatorBubble(parseHex('#1f2937')), [...OPERATOR_TEXT_LIGHT]);
});

test('an accent as text is mixed toward black until it reads, and left alone when it does', () => {
  const blue = parseHex('#1c64f2');
  assert.deepEqual(readableOn(blue, LIGHT_BACKGROUND, BLACK), blue);
  const yellow = parseHex('#ffff00');
  const mixed = readableOn(yellow, LIGHT_BACKGROUND, BLACK);
  assert.notDeepEqual(mixed, yellow);
  assert.ok(contrast(mixed, LIGHT_BACKGROUND) >= MINIMUM_CONTRAST);
  // A few steps further toward black than needed would be a darker colour than the page had to choose.
  const [r, g, b] = mixed;
  assert.ok(contrast([r + 20, g + 20, b], LIGHT_BACKGROUND) < MINIMUM_CONTRAST, toHex(mixed));
});

test('the nearest readable colour keeps the hue, passes, and is not further than it has to be', () => {
  const yellow = parseHex('#ffff00');
  const suggestion = nearestReadable(yellow, WHITE);
  assert.ok(suggestion !== null);
  assert.ok(contrast(suggestion, WHITE) >= MINIMUM_CONTRAST, toHex(suggestion));
  const [hue, saturation, lightness] = toHsl(suggestion);
  assert.ok(Math.abs(hue - 60) < 2 && saturation > 0.95, `${toHex(suggestion)} is no longer yellow`);
  // One step (1 % lightness) lighter does not pass: it is the nearest.
  assert.ok(contrast(fromHsl(hue, saturation, lightness + 0.01), WHITE) < MINIMUM_CONTRAST);
  // A colour that already reads is its own suggestion.
  assert.deepEqual(nearestReadable(parseHex('#1c64f2'), WHITE), [28, 100, 242]);
  // On a dark background the nearest readable yellow is itself; a dark blue is made lighter.
  assert.deepEqual(nearestReadable(yellow, BLACK), [...yellow]);
  const navy = nearestReadable(parseHex('#1e3a8a'), parseHex('#0f1115'));
  assert.ok(toHsl(navy)[2] > toHsl(parseHex('#1e3a8a'))[2] && contrast(navy, parseHex('#0f1115')) >= MINIMUM_CONTRAST);
});

test('a contrast no lightness can reach has no suggestion', () => {
  assert.equal(nearestReadable(parseHex('#777777'), parseHex('#777777'), 22), null);
});
