// Page state: the transcript and everything the header, panels and composer show.
// Components read it and listen for its change events; only the session writes to it.

/**
 * A message as the server sends it (see Sources/WidgetServer/README.md), with the defaults
 * `normalizeMessage` fills so views need no checks.
 * @typedef {ReturnType<typeof normalizeMessage>} Message
 */

/**
 * One transcript row. Entries are immutable: a change replaces the entry, keeping its `key`, so a
 * view can reuse its element. An optimistic visitor message keeps its key when the server's copy
 * replaces it.
 * @typedef {object} Entry
 * @property {string} key Stable for the row's lifetime on this page.
 * @property {Message} message
 * @property {'sending' | 'sent' | 'failed'} sendStatus
 * @property {string | null} error Why sending (or the last action on it) failed.
 * @property {boolean} [final] A failed send that sending again cannot mend (the visitor's storage is full).
 * @property {boolean} confirmed Whether the server's copy has been seen (false while optimistic).
 */

/** Initial values of the simple fields; each has a getter and emits its own name when set. */
const FIELDS = Object.freeze({
  operator: null,
  lastOperator: null,
  operatorTyping: false,
  chatState: 'none',
  visitState: 'unknown',
  onlineStatus: 'unknown',
  departments: [],
  unread: { count: 0, time: null },
  limits: null,
  hasMoreHistory: false,
  hello: '',
  survey: null,
  hintsEnabled: false,
  connection: 'connecting',
  /** The type of the chat service's fatal error (`visitorBanned`, …) once the connection `failed` for one. */
  fatal: '',
});

/**
 * The page's state. Events (all `CustomEvent`s): `messages`, and one per field of FIELDS
 * (`operator`, `operatorTyping`, `chatState`, `connection`, …).
 */
export class ChatStore extends EventTarget {
  /** @type {Entry[]} */
  #entries = [];
  #fields = { ...FIELDS };
  #nextKey = 1;

  constructor() {
    super();
    for (const name of Object.keys(FIELDS)) {
      Object.defineProperty(this, name, { get: () => this.#fields[name], enumerable: true });
    }
  }

  /** @returns {readonly Entry[]} The transcript, oldest first. */
  get entries() {
    return this.#entries;
  }

  /**
   * Sets one field; emits its name when the value changed.
   * @param {keyof FIELDS} name
   * @param {unknown} value
   */
  set(name, value) {
    if (JSON.stringify(value) === JSON.stringify(this.#fields[name])) return;
    this.#fields[name] = value;
    if (name === 'operator' && value) this.set('lastOperator', value);
    this.#emit(name);
  }

  /**
   * Replaces the state with a `snapshot` event's data. Messages still on their way that the snapshot
   * does not contain stay at the end: optimistic ones, and those a server had in its outbox (the
   * snapshot may be another server's, which has them only once the page sends them again).
   * @param {object} snapshot
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
      if (!used.has(entry) && onItsWay(entry)) entries.push(entry);
    }
    this.#entries = entries;
    this.#emit('messages');

    this.set('operator', snapshot.operator ?? null);
    this.set('operatorTyping', Boolean(snapshot.operatorTyping));
    this.set('chatState', snapshot.chatState ?? 'none');
    if (snapshot.visitState) this.set('visitState', snapshot.visitState);
    if (snapshot.onlineStatus) this.set('onlineStatus', snapshot.onlineStatus);
    if (Array.isArray(snapshot.departments)) this.set('departments', snapshot.departments);
    if (snapshot.unreadByVisitor) this.set('unread', snapshot.unreadByVisitor);
    if (snapshot.limits) this.set('limits', snapshot.limits);
    this.set('hasMoreHistory', Boolean(snapshot.hasMoreHistory));
    this.set('survey', snapshot.survey ?? null);
    this.set('hintsEnabled', snapshot.hintsEnabled === true);
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
    } else if (entry.sendStatus === 'sent') {
      // As the SDK's tracker does: what the service has goes before the visitor's messages still on their
      // way (a server that continued the tab reads its history while the page sends those again).
      let at = entries.length;
      while (at > 0 && onItsWay(entries[at - 1])) at -= 1;
      entries.splice(at, 0, entry);
    } else {
      entries.push(entry);
    }
    this.#entries = entries;
    this.#emit('messages');
  }

  /**
   * Puts older messages (oldest first) before the transcript, skipping any already shown.
   * @param {Message[]} messages
   * @param {boolean} hasMore
   */
  prependHistory(messages, hasMore) {
    const shown = new Set(this.#entries.map((entry) => entry.message.id));
    const older = messages.map(normalizeMessage).filter((message) => !shown.has(message.id));
    this.#entries = [...older.map((message) => this.#serverEntry(message)), ...this.#entries];
    this.set('hasMoreHistory', hasMore);
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
   * Shows a visitor message (or file) before the server has it.
   * @param {{clientId: string, text?: string, type?: string, attachment?: object, quote?: object}} outgoing
   */
  addOutgoing({ clientId, text = '', type = 'visitor', attachment = null, quote = null }) {
    const message = normalizeMessage({ id: '', clientId, type, text, attachment, quote, time: Date.now(), sendStatus: 'sending' });
    const entry = Object.freeze({ key: `k${this.#nextKey++}`, message, sendStatus: 'sending', error: null, confirmed: false });
    this.#entries = [...this.#entries, entry];
    this.#emit('messages');
  }

  /**
   * Shows an optimistic upload's progress.
   * @param {string} clientId
   * @param {number} progress 0…100
   */
  setProgress(clientId, progress) {
    this.#updateOutgoing(clientId, (entry) => {
      const attachment = { ...entry.message.attachment, progress };
      return { ...entry, message: Object.freeze({ ...entry.message, attachment }) };
    });
  }

  /**
   * Records the id the server gave an optimistic message, so a later event naming only that id
   * still finds it.
   * @param {string} clientId
   * @param {string} messageId
   */
  markAccepted(clientId, messageId) {
    // Sent again after a hand-over, it may already be shown from the service's history (which the
    // server that continued the tab read without its clientId): that row is the message.
    const shown = this.#entries.some((entry) => entry.confirmed && entry.message.id === messageId);
    if (shown) {
      const entries = this.#entries.filter((entry) => entry.confirmed || entry.message.clientId !== clientId);
      if (entries.length !== this.#entries.length) {
        this.#entries = entries;
        this.#emit('messages');
      }
      return;
    }
    this.#updateOutgoing(clientId, (entry) =>
      entry.message.id === messageId ? entry : { ...entry, message: Object.freeze({ ...entry.message, id: messageId }) },
    );
  }

  /**
   * Marks an optimistic message as not sent.
   * @param {string} clientId
   * @param {string} error A human sentence.
   * @param {boolean} [final] Whether sending it again would be refused the same way, so no Retry is offered.
   */
  markFailed(clientId, error, final = false) {
    this.#updateOutgoing(clientId, (entry) => ({ ...entry, sendStatus: 'failed', error, final }));
  }

  /**
   * Marks a failed optimistic message as sending again.
   * @param {string} clientId
   */
  markSending(clientId) {
    this.#updateOutgoing(clientId, (entry) => ({ ...entry, sendStatus: 'sending', error: null }));
  }

  /**
   * Shows (or clears) an error next to a message, such as a refused edit.
   * @param {string} messageId
   * @param {string | null} error
   */
  setMessageError(messageId, error) {
    const index = this.#entries.findIndex((entry) => entry.message.id === messageId);
    if (index >= 0 && this.#entries[index].error !== error) {
      this.#replace(index, Object.freeze({ ...this.#entries[index], error }));
    }
  }

  /**
   * @param {string} clientId
   * @returns {Entry | undefined} The row of the message sent with this clientId.
   */
  findOutgoing(clientId) {
    return this.#entries.find((entry) => entry.message.clientId === clientId);
  }

  #updateOutgoing(clientId, change) {
    const index = this.#entries.findIndex((entry) => entry.message.clientId === clientId);
    if (index < 0 || this.#entries[index].confirmed) return;
    const next = change(this.#entries[index]);
    if (next !== this.#entries[index]) this.#replace(index, Object.freeze(next));
  }

  #serverEntry(message, previous) {
    return Object.freeze({
      key: previous?.key ?? `k${this.#nextKey++}`,
      message,
      sendStatus: message.sendStatus,
      error: previous?.confirmed ? previous.error : null,
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

/**
 * Whether a row is one of the visitor's messages still on its way: optimistic, or a server's copy
 * that is still `sending` (in that server's outbox).
 * @param {Entry} entry
 */
function onItsWay(entry) {
  return !entry.confirmed || (entry.sendStatus === 'sending' && entry.message.clientId !== null);
}

/** Whether a server message is the one this row shows (same id, or same clientId). */
function sameMessage(entry, message) {
  if (message.id !== '' && entry.message.id === message.id) return true;
  return message.clientId !== null && entry.message.clientId === message.clientId;
}

const object = (value) => (value && typeof value === 'object' ? value : null);

/** Fills a server message's defaults, so views need no checks. */
function normalizeMessage(raw) {
  const value = object(raw) ?? {};
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
    attachment: object(value.attachment),
    quote: object(value.quote),
    keyboard: object(value.keyboard),
    keyboardRequest: object(value.keyboardRequest),
    sticker: object(value.sticker),
    data: object(value.data),
  });
}
