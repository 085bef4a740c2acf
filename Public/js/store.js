// Page state: the transcript, the operator, typing and chat state, and the connection state.
// Components read it and listen for its change events; only the session writes to it.

/**
 * A message as the server sends it.
 * @typedef {object} Message
 * @property {string} id
 * @property {string | null} clientId
 * @property {string} type `visitor`, `operator`, `info`, `operatorBusy`, `fileFromVisitor`, …
 * @property {string} text
 * @property {number} time Milliseconds since the epoch.
 * @property {string} senderName
 * @property {string | null} avatarUrl
 * @property {'sending' | 'sent'} sendStatus
 * @property {boolean} read
 * @property {boolean} edited
 * @property {boolean} canBeEdited
 * @property {boolean} canBeReplied
 */

/**
 * @typedef {object} Operator
 * @property {string} id
 * @property {string} name
 * @property {string | null} avatarUrl
 */

/**
 * One transcript row. Entries are immutable: a change replaces the entry, keeping its `key`, so a
 * view can reuse its element. An optimistic visitor message keeps its key when the server's copy
 * replaces it.
 * @typedef {object} Entry
 * @property {string} key Stable for the row's lifetime on this page.
 * @property {Message} message
 * @property {'sending' | 'sent' | 'failed'} sendStatus
 * @property {string | null} error Why sending failed, when it did.
 * @property {boolean} confirmed Whether the server's copy has been seen (false while optimistic).
 */

/**
 * The page's state. Events (all `CustomEvent`s): `messages`, `operator`, `typing`, `chatstate`,
 * `connection`.
 */
export class ChatStore extends EventTarget {
  /** @type {Entry[]} */
  #entries = [];
  /** @type {Operator | null} */
  #operator = null;
  #operatorTyping = false;
  #chatState = 'none';
  #connection = 'connecting';
  #nextKey = 1;

  /** @returns {readonly Entry[]} The transcript, oldest first. */
  get entries() {
    return this.#entries;
  }

  /** @returns {Operator | null} */
  get operator() {
    return this.#operator;
  }

  /** @returns {boolean} */
  get operatorTyping() {
    return this.#operatorTyping;
  }

  /** @returns {string} The chat state, such as `none`, `queue`, `chatting`, `closedByOperator`. */
  get chatState() {
    return this.#chatState;
  }

  /** @returns {string} `connecting`, `live`, `reconnecting` or `failed`. */
  get connection() {
    return this.#connection;
  }

  /**
   * Replaces the whole state with a `snapshot` event's data. Optimistic messages the snapshot does
   * not contain yet stay at the end.
   * @param {{chatState?: string, operator?: Operator | null, operatorTyping?: boolean, messages?: Message[]}} snapshot
   */
  applySnapshot(snapshot) {
    const previous = this.#entries;
    const used = new Set();
    const entries = (snapshot.messages ?? []).map(normalizeMessage).map((message) => {
      const match = previous.find((entry) => !used.has(entry) && sameMessage(entry, message));
      if (match) used.add(match);
      return this.#serverEntry(message, match);
    });
    for (const entry of previous) {
      if (!used.has(entry) && !entry.confirmed) entries.push(entry);
    }
    this.#entries = entries;
    this.#emit('messages');

    this.setOperator(snapshot.operator ?? null);
    this.setOperatorTyping(Boolean(snapshot.operatorTyping));
    this.setChatState(snapshot.chatState ?? 'none');
  }

  /**
   * Adds a message from the server before the message `beforeId` (at the end when null or
   * unknown). A message matching an optimistic one by clientId replaces it in place.
   * @param {Message} raw
   * @param {string | null} beforeId
   */
  addMessage(raw, beforeId) {
    const message = normalizeMessage(raw);
    const index = this.#entries.findIndex((entry) => sameMessage(entry, message));
    const entry = this.#serverEntry(message, index >= 0 ? this.#entries[index] : undefined);
    const entries = this.#entries.slice();
    if (index >= 0) entries.splice(index, 1);
    const before = beforeId == null ? -1 : entries.findIndex((other) => other.message.id === beforeId);
    if (before >= 0) {
      entries.splice(before, 0, entry);
    } else if (index >= 0 && beforeId == null && !this.#entries[index].confirmed) {
      // The server's copy of an optimistic message keeps the row where the visitor saw it.
      entries.splice(index, 0, entry);
    } else {
      entries.push(entry);
    }
    this.#entries = entries;
    this.#emit('messages');
  }

  /**
   * Replaces the message with the same id. Unknown ids are ignored.
   * @param {Message} raw
   */
  changeMessage(raw) {
    const message = normalizeMessage(raw);
    const index = this.#entries.findIndex((entry) => sameMessage(entry, message));
    if (index < 0) return;
    this.#replace(index, this.#serverEntry(message, this.#entries[index]));
  }

  /**
   * Removes the message with this id.
   * @param {string} id
   */
  removeMessage(id) {
    const entries = this.#entries.filter((entry) => entry.message.id !== id);
    if (entries.length === this.#entries.length) return;
    this.#entries = entries;
    this.#emit('messages');
  }

  /** Removes every message the server knows; optimistic ones stay. */
  clearMessages() {
    this.#entries = this.#entries.filter((entry) => !entry.confirmed);
    this.#emit('messages');
  }

  /**
   * Shows a visitor message before the server has it.
   * @param {{clientId: string, text: string, time?: number}} outgoing
   */
  addOutgoing({ clientId, text, time = Date.now() }) {
    /** @type {Message} */
    const message = normalizeMessage({ id: '', clientId, type: 'visitor', text, time, sendStatus: 'sending' });
    const entry = Object.freeze({
      key: `k${this.#nextKey++}`,
      message,
      sendStatus: 'sending',
      error: null,
      confirmed: false,
    });
    this.#entries = [...this.#entries, entry];
    this.#emit('messages');
  }

  /**
   * Records the id the server gave an optimistic message, so a later event naming only that id
   * still finds it.
   * @param {string} clientId
   * @param {string} messageId
   */
  markAccepted(clientId, messageId) {
    const index = this.#outgoingIndex(clientId);
    if (index < 0) return;
    const entry = this.#entries[index];
    if (entry.confirmed || entry.message.id === messageId) return;
    this.#replace(index, Object.freeze({ ...entry, message: Object.freeze({ ...entry.message, id: messageId }) }));
  }

  /**
   * Marks an optimistic message as not sent.
   * @param {string} clientId
   * @param {string} error A human sentence.
   */
  markFailed(clientId, error) {
    const index = this.#outgoingIndex(clientId);
    if (index < 0 || this.#entries[index].confirmed) return;
    this.#replace(index, Object.freeze({ ...this.#entries[index], sendStatus: 'failed', error }));
  }

  /**
   * Marks a failed optimistic message as sending again.
   * @param {string} clientId
   */
  markSending(clientId) {
    const index = this.#outgoingIndex(clientId);
    if (index < 0 || this.#entries[index].confirmed) return;
    this.#replace(index, Object.freeze({ ...this.#entries[index], sendStatus: 'sending', error: null }));
  }

  /**
   * @param {string} clientId
   * @returns {Entry | undefined} The row of the message sent with this clientId.
   */
  findOutgoing(clientId) {
    return this.#entries[this.#outgoingIndex(clientId)];
  }

  /** @param {Operator | null} operator */
  setOperator(operator) {
    const next = operator && typeof operator === 'object' ? operator : null;
    if (JSON.stringify(next) === JSON.stringify(this.#operator)) return;
    this.#operator = next;
    this.#emit('operator');
  }

  /** @param {boolean} typing */
  setOperatorTyping(typing) {
    if (typing === this.#operatorTyping) return;
    this.#operatorTyping = typing;
    this.#emit('typing');
  }

  /** @param {string} state */
  setChatState(state) {
    if (state === this.#chatState) return;
    this.#chatState = state;
    this.#emit('chatstate');
  }

  /** @param {string} state `connecting`, `live`, `reconnecting` or `failed`. */
  setConnection(state) {
    if (state === this.#connection) return;
    this.#connection = state;
    this.#emit('connection');
  }

  #outgoingIndex(clientId) {
    return this.#entries.findIndex((entry) => entry.message.clientId === clientId);
  }

  #serverEntry(message, previous) {
    return Object.freeze({
      key: previous?.key ?? `k${this.#nextKey++}`,
      message,
      sendStatus: message.sendStatus,
      error: null,
      confirmed: true,
    });
  }

  #replace(index, entry) {
    const entries = this.#entries.slice();
    entries[index] = entry;
    this.#entries = entries;
    this.#emit('messages');
  }

  #emit(type) {
    this.dispatchEvent(new CustomEvent(type));
  }
}

/** Whether a server message is the one this row shows (same id, or same clientId). */
function sameMessage(entry, message) {
  if (message.id !== '' && entry.message.id === message.id) return true;
  return message.clientId !== null && entry.message.clientId === message.clientId;
}

/**
 * Fills defaults so views need no checks.
 * @returns {Message}
 */
function normalizeMessage(raw) {
  const value = raw && typeof raw === 'object' ? raw : {};
  return Object.freeze({
    ...value,
    id: typeof value.id === 'string' ? value.id : String(value.id ?? ''),
    clientId: typeof value.clientId === 'string' && value.clientId !== '' ? value.clientId : null,
    type: typeof value.type === 'string' ? value.type : 'info',
    text: typeof value.text === 'string' ? value.text : '',
    time: typeof value.time === 'number' ? value.time : Date.now(),
    senderName: typeof value.senderName === 'string' ? value.senderName : '',
    avatarUrl: typeof value.avatarUrl === 'string' ? value.avatarUrl : null,
    sendStatus: value.sendStatus === 'sending' ? 'sending' : 'sent',
    read: Boolean(value.read),
    edited: Boolean(value.edited),
    canBeEdited: Boolean(value.canBeEdited),
    canBeReplied: Boolean(value.canBeReplied),
  });
}
