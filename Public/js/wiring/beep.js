// A beep for each new operator message. Browsers let a page play sound only after the visitor has interacted with
// it, so the beeper (sound.js) loads on the first key or pointer press; before that a new message makes no sound.

/** @param {import('./page.js').Page} page */
export function wireBeep({ doc, session }) {
  let beeper = null;
  const unlock = () => {
    beeper ??= import('../sound.js').then(({ Beeper }) => new Beeper());
  };
  for (const type of ['pointerdown', 'keydown']) doc.addEventListener(type, unlock, { capture: true, once: true });
  session.addEventListener('operatorMessage', (event) => {
    const id = /** @type {CustomEvent} */ (event).detail?.id;
    void beeper?.then((sound) => sound.beepOnce(`${session.keeper.key}.${id}`, doc.visibilityState === 'visible'));
  });
}
