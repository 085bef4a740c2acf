// The message composer. It owns `[data-composer]`: Enter sends, Shift+Enter adds a line, and
// focus stays in the text box after sending.

/** The message input form. */
export class Composer {
  #form;
  #input;
  #onSend;

  /**
   * @param {HTMLFormElement} root The `[data-composer]` form.
   * @param {object} deps
   * @param {(text: string) => void} deps.onSend Called with the text to send; never with blank text.
   */
  constructor(root, { onSend }) {
    this.#form = root;
    this.#input = /** @type {HTMLTextAreaElement} */ (root.querySelector('[data-composer-input]'));
    this.#onSend = onSend;

    this.#form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.#send();
    });
    this.#input.addEventListener('keydown', (event) => this.#handleKeydown(event));
  }

  /** Puts the focus in the text box. */
  focus() {
    this.#input.focus();
  }

  #handleKeydown(event) {
    // While an input method is composing, Enter confirms the composition instead of sending.
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.keyCode === 229) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    this.#form.requestSubmit();
  }

  #send() {
    const text = this.#input.value;
    if (text.trim() === '') return;
    this.#input.value = '';
    this.#onSend(text);
    // Clicking the button moved focus there; the visitor keeps typing in the text box.
    this.#input.focus();
  }
}
