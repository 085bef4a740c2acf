// The visitor this browser keeps for a chat location: the tab id (the server's key for the visitor) and the sealed
// credential that lets any server of the deployment continue it. Where it is kept is the page's `persist` scope:
//
// - `site`: localStorage of the widget's origin, which today's browsers partition by the top-level site, so each
//   site that embeds the widget has its own visitor; every browser tab and every later visit of that site is the
//   same conversation, until the credential expires with the server's retention.
// - `tab`: sessionStorage, one visitor per browser tab, gone when it closes (a kiosk always; `persist=tab`; the
//   preview's and gallery's named frames, each of which keeps its own).
//
// Storage can be disabled; then nothing is kept and every load is a new visitor.

/** Every kept visitor's storage key starts so. */
export const KEY_PREFIX = 'webim-widget.chat.';

/**
 * A kept visitor.
 * @typedef {object} KeptVisitor
 * @property {string} tabId
 * @property {string | null} credential The newest `tab.credential` of the tab.
 * @property {number | null} expires When no server opens `credential` any more, in seconds since 1970.
 * @property {string | null} visitorFields An identified visitor's signed fields (a site's `setVisitor`).
 */

/**
 * The storage key of `location`'s visitor; a named frame keeps its own.
 * @param {string} location
 * @param {string} [frameName]
 */
export function keptVisitorKey(location, frameName = globalThis.name ?? '') {
  return `${KEY_PREFIX}${frameName ? `${frameName}.` : ''}${location}`;
}

/** Reads, claims, updates and forgets the kept visitor of one location. */
export class VisitorKeeper {
  #key;
  #scope;
  #storage;
  #locks;
  #now;

  /**
   * @param {object} options
   * @param {string} options.location
   * @param {'site' | 'tab'} options.scope
   * @param {string} [options.frameName]
   * @param {{local?: Storage, session?: Storage}} [options.storage] Replaceable for tests.
   * @param {LockManager | null} [options.locks] Web Locks, so that two tabs opening at once claim one visitor.
   * @param {() => number} [options.now] Milliseconds since 1970.
   */
  constructor({ location, scope, frameName, storage = {}, locks = globalThis.navigator?.locks ?? null, now = () => Date.now() }) {
    this.#key = keptVisitorKey(location, frameName);
    this.#scope = scope;
    this.#storage = scope === 'site' ? (storage.local ?? safeStorage('localStorage')) : (storage.session ?? safeStorage('sessionStorage'));
    this.#locks = scope === 'site' ? locks : null;
    this.#now = now;
  }

  /** @returns {string} The storage key, also the name of the tabs' channel and locks. */
  get key() {
    return this.#key;
  }

  /** @returns {'site' | 'tab'} */
  get scope() {
    return this.#scope;
  }

  /**
   * The kept visitor; an expired one is forgotten first.
   * @returns {KeptVisitor | null}
   */
  read() {
    const record = parse(this.#get());
    if (record !== null && record.expires !== null && record.expires * 1000 <= this.#now()) {
      this.#remove();
      return null;
    }
    return record;
  }

  /**
   * The kept visitor, or a new one under `makeTabId()` kept now. Under a Web Lock where tabs share the visitor: two
   * tabs opened at once find the same one.
   * @param {() => string} makeTabId
   * @returns {Promise<KeptVisitor>}
   */
  async claim(makeTabId) {
    const claim = () => this.read() ?? this.replace(makeTabId());
    if (this.#locks === null) return claim();
    try {
      return await this.#locks.request(`${this.#key}.claim`, async () => claim());
    } catch {
      return claim();
    }
  }

  /**
   * Changes the kept visitor of `tabId` (another tab may have replaced it since: then nothing changes).
   * @param {string} tabId
   * @param {Partial<Omit<KeptVisitor, 'tabId'>>} changes
   */
  update(tabId, changes) {
    const record = this.read();
    if (record === null || record.tabId !== tabId) return;
    this.#set({ ...record, ...changes });
  }

  /**
   * Keeps a new visitor under `tabId` in place of whoever was kept: a site that names someone else, whom the other
   * browser tabs then follow (rather than each claiming an anonymous visitor first).
   * @param {string} tabId
   * @param {Partial<Omit<KeptVisitor, 'tabId'>>} [changes]
   * @returns {KeptVisitor}
   */
  replace(tabId, changes = {}) {
    const record = { tabId, credential: null, expires: null, visitorFields: null, ...changes };
    this.#set(record);
    return record;
  }

  /**
   * Forgets the kept visitor; with `tabId`, only while it is that one.
   * @param {string} [tabId]
   */
  forget(tabId) {
    if (tabId === undefined || this.read()?.tabId === tabId) this.#remove();
  }

  /**
   * Calls `changed` when another browser tab changes or forgets the kept visitor (a reset, a new visitor).
   * @param {(record: KeptVisitor | null) => void} changed
   * @returns {() => void} Stops watching.
   */
  watch(changed) {
    if (this.#scope !== 'site' || typeof globalThis.addEventListener !== 'function') return () => {};
    const listener = (/** @type {StorageEvent} */ event) => {
      if (event.storageArea !== this.#storage || (event.key !== null && event.key !== this.#key)) return;
      changed(this.read());
    };
    globalThis.addEventListener('storage', listener);
    return () => globalThis.removeEventListener('storage', listener);
  }

  #get() {
    try {
      return this.#storage?.getItem(this.#key) ?? null;
    } catch {
      return null;
    }
  }

  #set(record) {
    try {
      this.#storage?.setItem(this.#key, JSON.stringify(record));
    } catch {
      // Not kept: the next load is a new visitor.
    }
  }

  #remove() {
    try {
      this.#storage?.removeItem(this.#key);
    } catch {
      // Storage disabled: nothing was kept.
    }
  }
}

/**
 * A record read back; anything else (an older page's value, a hand edit) is no visitor.
 * @param {string | null} text
 * @returns {KeptVisitor | null}
 */
export function parse(text) {
  if (text === null) return null;
  try {
    const value = JSON.parse(text);
    if (typeof value?.tabId !== 'string' || !/^[A-Za-z0-9_-]{22}$/.test(value.tabId)) return null;
    return {
      tabId: value.tabId,
      credential: typeof value.credential === 'string' ? value.credential : null,
      expires: Number.isFinite(value.expires) ? value.expires : null,
      visitorFields: typeof value.visitorFields === 'string' ? value.visitorFields : null,
    };
  } catch {
    return null;
  }
}

/** @param {'localStorage' | 'sessionStorage'} name */
export function safeStorage(name) {
  try {
    return globalThis[name] ?? null;
  } catch {
    return null;
  }
}
