// Stand-ins for what the page's modules get from the browser, so that their rules run in Node without a server or
// a browser: a clock driven by hand, storage, Web Locks, the tabs' channel, an event stream and the server's API.

import { ApiError } from '../../Public/shared/api.js';

export { ApiError };

// Node 18 (Debian 12's) has EventTarget but no global CustomEvent, which the page's modules dispatch; browsers and
// later Node have it.
globalThis.CustomEvent ??= class CustomEvent extends Event {
  constructor(type, init = {}) {
    super(type, init);
    this.detail = init.detail ?? null;
  }
};

/** A clock whose time moves only when a test says so. */
export class ManualClock {
  now_ = 0;
  #timers = new Map();
  #next = 1;

  now() {
    return this.now_;
  }

  setTimeout(f, ms) {
    const id = this.#next++;
    this.#timers.set(id, { at: this.now_ + ms, f });
    return id;
  }

  clearTimeout(id) {
    this.#timers.delete(id);
  }

  /** Moves time on by `ms`, running each timer that falls due, in order. */
  advance(ms) {
    const end = this.now_ + ms;
    for (;;) {
      const due = [...this.#timers].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.now_ = due[1].at;
      due[1].f();
    }
    this.now_ = end;
  }

  get pending() {
    return this.#timers.size;
  }
}

/** Web Storage over a Map. */
export class MemoryStorage {
  #items = new Map();
  getItem(key) {
    return this.#items.has(key) ? this.#items.get(key) : null;
  }
  setItem(key, value) {
    this.#items.set(key, String(value));
  }
  removeItem(key) {
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
  }
  get length() {
    return this.#items.size;
  }
  key(index) {
    return [...this.#items.keys()][index] ?? null;
  }
  keys() {
    return [...this.#items.keys()];
  }
}

/** Web Locks: one holder per name, the others queued in order, as the browser does. */
export class FakeLocks {
  #queues = new Map();

  request(name, callback) {
    const queue = this.#queues.get(name) ?? [];
    this.#queues.set(name, queue);
    return new Promise((resolve, reject) => {
      const run = async () => {
        try {
          resolve(await callback({ name }));
        } catch (error) {
          reject(error);
        } finally {
          queue.shift();
          queue[0]?.();
        }
      };
      queue.push(run);
      if (queue.length === 1) void run();
    });
  }
}

/** The tabs' channel for one tab: what it posted, and a way to deliver what another tab posted. */
export class FakeSync extends EventTarget {
  posted = [];
  onLead = null;
  stopped = false;
  /** @param {{leads: boolean}} options Whether this tab gets the lock at once. */
  constructor({ leads }) {
    super();
    this.leads = leads;
  }
  get shared() {
    return true;
  }
  join(onLead) {
    this.onLead = onLead;
    if (this.leads) onLead();
  }
  post(message) {
    this.posted.push(structuredClone(message));
  }
  deliver(message) {
    this.dispatchEvent(new CustomEvent('message', { detail: structuredClone(message) }));
  }
  stop() {
    this.stopped = true;
  }
}

/** An event stream the test feeds. */
export class FakeStream extends EventTarget {
  state = 'connecting';
  lastEventId = '';
  opened = false;
  closed = false;
  constructor(url) {
    super();
    this.url = url;
  }
  open() {
    this.opened = true;
  }
  close() {
    this.closed = true;
  }
  emit(name, data, id = '') {
    if (id) this.lastEventId = id;
    this.dispatchEvent(new CustomEvent('event', { detail: { name, data, id } }));
  }
  setState(state) {
    this.state = state;
    this.dispatchEvent(new CustomEvent('state', { detail: { state } }));
  }
}

/** The widget server's routes the connection uses, answered by the test. */
export class FakeApi {
  created = [];
  requests = [];
  /** @type {(tabId: string, fields: object) => Promise<string>} */
  onCreate = async (tabId) => tabId;
  /** @type {(method: string, path: string, body?: unknown) => Promise<any>} */
  onRequest = async () => null;

  createTab(tabId, fields) {
    this.created.push({ tabId, fields });
    return this.onCreate(tabId, fields);
  }
  request(method, path, body) {
    this.requests.push({ method, path, body });
    return this.onRequest(method, path, body);
  }
  tabPath(tabId, rest = '') {
    return `/api/tabs/${tabId}${rest}`;
  }
}

/** Lets pending promise callbacks run. */
export async function settle() {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
}
