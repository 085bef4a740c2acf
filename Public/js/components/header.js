// The header. It owns `[data-header]`: the title, the operator's name, the chat state and the
// typing indicator.

/** Short visible descriptions of chat states worth telling the visitor about. */
export const CHAT_STATE_LABELS = Object.freeze({
  queue: 'Waiting for an operator…',
  closedByOperator: 'The operator closed the chat.',
  closedByVisitor: 'Chat closed.',
  closed: 'Chat closed.',
});

/** Shows who the visitor is talking to and whether they are typing. */
export class Header {
  #operatorName;
  #chatState;
  #typing;
  #store;

  /**
   * @param {HTMLElement} root The `[data-header]` element.
   * @param {object} deps
   * @param {import('../store.js').ChatStore} deps.store
   */
  constructor(root, { store }) {
    this.#operatorName = root.querySelector('[data-operator-name]');
    this.#chatState = root.querySelector('[data-chat-state]');
    this.#typing = root.querySelector('[data-typing-indicator]');
    this.#store = store;

    store.addEventListener('operator', () => this.render());
    store.addEventListener('typing', () => this.render());
    store.addEventListener('chatstate', () => this.render());
    this.render();
  }

  /** Shows the store's operator, typing and chat state. */
  render() {
    const { operator, operatorTyping, chatState } = this.#store;
    const name = operator?.name ?? '';
    this.#operatorName.textContent = name;
    this.#operatorName.hidden = name === '';

    const stateLabel = name === '' || chatState.startsWith('closed') ? (CHAT_STATE_LABELS[chatState] ?? '') : '';
    this.#chatState.textContent = stateLabel;
    this.#chatState.hidden = stateLabel === '';
    this.#chatState.dataset.chatState = chatState;

    this.#typing.hidden = !operatorTyping;
  }
}
