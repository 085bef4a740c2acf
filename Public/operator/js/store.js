// Console state: the visitors (each with their current chat), the selected visitor, who is typing,
// the locations and the connection. Components read it and listen for its change events; only the
// controller writes to it.

/**
 * The console's state. Events (all `CustomEvent`s): `visitors` (detail `{ids}`: the visitors that
 * changed, or null for a reload), `selection`, `typing` (detail `{id}`), `locations`, `connection`.
 */
export class ConsoleStore extends EventTarget {
  /** @type {string[]} Visitor ids in list order, newest first. */
  #order = [];
  /** @type {Map<string, import('./api.js').ConsoleChat>} */
  #visitors = new Map();
  /** @type {string | null} */
  #selectedId = null;
  /** @type {Map<string, {typing: boolean, draft: string}>} */
  #typing = new Map();
  /** @type {import('./api.js').ConsoleLocation[]} */
  #locations = [];
  #connection = 'connecting';

  /** @returns {import('./api.js').ConsoleChat[]} Every visitor in list order. */
  get visitors() {
    return this.#order.map((id) => this.#visitors.get(id)).filter((visitor) => visitor !== undefined);
  }

  /**
   * @param {string} id
   * @returns {import('./api.js').ConsoleChat | undefined}
   */
  visitor(id) {
    return this.#visitors.get(id);
  }

  /** @returns {string | null} */
  get selectedId() {
    return this.#selectedId;
  }

  /** @returns {import('./api.js').ConsoleChat | undefined} The selected visitor. */
  get selected() {
    return this.#selectedId === null ? undefined : this.#visitors.get(this.#selectedId);
  }

  /** @returns {import('./api.js').ConsoleLocation[]} */
  get locations() {
    return this.#locations;
  }

  /** @returns {string} `connecting`, `live` or `reconnecting`. */
  get connection() {
    return this.#connection;
  }

  /**
   * @param {string} id
   * @returns {{typing: boolean, draft: string}} Whether the visitor is typing, and their draft.
   */
  typing(id) {
    return this.#typing.get(id) ?? { typing: false, draft: '' };
  }

  /**
   * Replaces the whole list (after a (re)connect), in the service's order.
   * @param {import('./api.js').ConsoleChat[]} chats
   */
  replaceAll(chats) {
    this.#visitors = new Map(chats.map((chat) => [chat.visitorId, chat]));
    this.#order = chats.map((chat) => chat.visitorId);
    this.#emit('visitors', { ids: null });
    if (this.#selectedId !== null && !this.#visitors.has(this.#selectedId)) this.select(null);
  }

  /**
   * Adds or replaces one visitor; a new one goes to the top.
   * @param {import('./api.js').ConsoleChat} chat
   */
  upsert(chat) {
    if (!this.#visitors.has(chat.visitorId)) this.#order = [chat.visitorId, ...this.#order];
    this.#visitors.set(chat.visitorId, chat);
    this.#emit('visitors', { ids: [chat.visitorId] });
  }

  /** @param {string | null} id The visitor to show, or null for none. */
  select(id) {
    if (id === this.#selectedId) return;
    this.#selectedId = id;
    this.#emit('selection', {});
  }

  /**
   * @param {string} id
   * @param {boolean} typing
   * @param {string | null | undefined} draft
   */
  setTyping(id, typing, draft) {
    this.#typing.set(id, { typing, draft: typing && typeof draft === 'string' ? draft : '' });
    this.#emit('typing', { id });
  }

  /** @param {import('./api.js').ConsoleLocation[]} locations */
  setLocations(locations) {
    this.#locations = locations;
    this.#emit('locations', {});
  }

  /** @param {string} state */
  setConnection(state) {
    if (state === this.#connection) return;
    this.#connection = state;
    this.#emit('connection', {});
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
