// The keys of a message composer, the visitor's and the operator's alike: Enter sends, Shift+Enter
// adds a line, and Escape drops the composer's reply, quote or edit, when it has one.

/**
 * Handles a composer text box's keys. Enter alone submits `form` (so its `submit` handler is the one
 * place that sends); Shift+Enter (a new line), Enter with another modifier, and the Enter that
 * confirms an input method's composition do not. Escape calls `onEscape`, and the key is taken when
 * that dropped something, so that nothing else acts on it.
 * @param {HTMLTextAreaElement} input The text box.
 * @param {object} deps
 * @param {HTMLFormElement} deps.form The composer's form.
 * @param {() => boolean} [deps.onEscape] Drops the reply, quote or edit; returns whether there was one.
 */
export function handleComposerKeys(input, { form, onEscape = () => false }) {
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      if (onEscape()) event.preventDefault();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    // While an input method is composing, Enter confirms the composition instead of sending (229: the
    // keydown some browsers send for it after composition ended).
    if (event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    form.requestSubmit();
  });
}
