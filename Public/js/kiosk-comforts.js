// What a public screen offers the visitor at it: larger text and high contrast, each a toggle for this visitor
// alone (the reset loads a fresh page, so the next visitor starts with neither). Both are attributes on <html>
// that kiosk.css reads.

/**
 * Wires the bar's toggle buttons (`aria-pressed`) to `<html data-kiosk-text="large">` and
 * `<html data-kiosk-contrast="high">`.
 * @param {Document} doc
 */
export function startComforts(doc) {
  const html = doc.documentElement;
  const toggles = [
    ['[data-kiosk-text-size]', 'kioskText', 'large'],
    ['[data-kiosk-contrast]', 'kioskContrast', 'high'],
  ];
  for (const [selector, name, value] of toggles) {
    const button = doc.querySelector(selector);
    if (!(button instanceof HTMLButtonElement)) continue;
    button.setAttribute('aria-pressed', 'false');
    button.addEventListener('click', () => {
      const on = html.dataset[name] !== value;
      if (on) html.dataset[name] = value;
      else delete html.dataset[name];
      button.setAttribute('aria-pressed', String(on));
    });
  }
}
