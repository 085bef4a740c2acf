// The page's connection to its tab on the server: claims the kept visitor, opens the tab on whichever server answers
// (with the sealed credential, so that any server of the deployment continues the visitor), and brings its events
// in: as the leader of this visitor's browser tabs, from the tab's own event stream (relaying each event to the
// others), or as a follower, from the snapshot route and the leader's relay (tab-sync.js). It retries with backoff,
// reopens the tab where a request was lost on the way, and keeps the credential the server seals.

import { ApiError } from '../shared/api.js';
import { REQUEST_TIMEOUT_MS } from './api.js';
import { Backoff } from './backoff.js';
import { SYSTEM_CLOCK } from './typing-throttle.js';

/** Codes of a tab that can continue on no server: its visitor is forgotten and a new one starts at once. */
const LOST_TAB_CODES = new Set(['invalid_credential', 'credential_expired', 'invalid_tab_id']);

/**
 * A fresh tab id: 22 base64url characters (128 random bits). The page proposes it, so that a balancer that routes
 * by the path sends the tab's first request where all later ones go.
 * @returns {string}
 */
export function makeTabId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * Emits `event` (detail `{name, data}`: each event of the tab, in order, whichever way it came), `state` (detail
 * `{state}`: `connecting`, `live`, `reconnecting` or `offline`), and `opened` each time a server opened the tab.
 */
export class TabConnection extends EventTarget {
  #api;
  #keeper;
  #fields;
  #makeStream;
  #sync;
  #clock;
  #backoff;
  #makeTabId;
  /** @type {string | null} While a server has the tab open for this page. */
  #tabId = null;
  /** @type {string | null} The tab last claimed, open or not: the one the connection's state is about. */
  #claimedTabId = null;
  /** @type {import('./events.js').TabEventStream | null} The leader's stream. */
  #stream = null;
  #leading = false;
  /** What the leader relayed while this tab had not yet read its snapshot; null once it has (or leads). */
  /** @type {Array<{name: string, data: object, id: string}> | null} */
  #relayedEarly = [];
  /** A follower's connection state: the leader's, as it last relayed it. */
  #followedState = 'reconnecting';
  /** The id of the last event given out: where the stream goes on from. */
  #lastEventId = '';
  /** @type {Array<(tabId: string) => void>} */
  #waiters = [];
  #opening = false;
  #joined = false;
  #stopped = false;
  /** Cuts the current backoff wait short (the network came back). */
  #wake = () => {};

  /**
   * @param {object} deps
   * @param {import('./api.js').ApiClient} deps.api
   * @param {import('./kept-visitor.js').VisitorKeeper} deps.keeper
   * @param {object} deps.fields What the tab is opened with (`location`, `kiosk`, `coreLog`).
   * @param {(url: string) => import('./events.js').TabEventStream} deps.makeStream
   * @param {import('./tab-sync.js').TabSync} deps.sync
   * @param {import('./typing-throttle.js').Clock} [deps.clock]
   * @param {Backoff} [deps.backoff]
   * @param {() => string} [deps.makeTabId]
   */
  constructor({ api, keeper, fields, makeStream, sync, clock = SYSTEM_CLOCK, backoff = new Backoff(), makeTabId: makeId = makeTabId }) {
    super();
    this.#api = api;
    this.#keeper = keeper;
    this.#fields = fields;
    this.#makeStream = makeStream;
    this.#sync = sync;
    this.#clock = clock;
    this.#backoff = backoff;
    this.#makeTabId = makeId;
  }

  /** @returns {string | null} The tab id while a server has it open. */
  get tabId() {
    return this.#tabId;
  }

  /** @returns {string | null} The tab last claimed from the kept visitor, open or still opening. */
  get claimedTabId() {
    return this.#claimedTabId;
  }

  /** @returns {boolean} Whether this browser tab reads the stream for the visitor's others. */
  get leading() {
    return this.#leading;
  }

  /** Opens the tab and brings its events in, retrying until it works. */
  start() {
    this.#setState('connecting');
    globalThis.addEventListener?.('offline', () => this.#setState('offline'));
    globalThis.addEventListener?.('online', () => {
      // The stream may have stayed open through a short outage.
      this.#setState(this.#leading ? (this.#stream?.state === 'live' ? 'live' : 'reconnecting') : this.#followedState);
      this.wake();
    });
    this.#sync.addEventListener('message', (event) => this.#relayed(/** @type {CustomEvent} */ (event).detail));
    void this.#open();
  }

  /** Closes the stream and leaves the other tabs; nothing more happens. */
  stop() {
    this.#stopped = true;
    this.#stream?.close();
    this.#stream = null;
    this.#sync.stop();
  }

  /** The network came back: try again now. */
  wake() {
    this.#backoff.reset();
    this.#wake();
  }

  /**
   * The tab id once a server has the tab open, or `not_connected` after REQUEST_TIMEOUT_MS.
   * @returns {Promise<string>}
   */
  waitForTab() {
    if (this.#tabId !== null) return Promise.resolve(this.#tabId);
    return new Promise((resolve, reject) => {
      const timer = this.#clock.setTimeout(() => {
        const index = this.#waiters.indexOf(waiter);
        if (index >= 0) this.#waiters.splice(index, 1);
        reject(new ApiError(0, 'not_connected', 'Not connected to the chat service.'));
      }, REQUEST_TIMEOUT_MS);
      const waiter = (/** @type {string} */ tabId) => {
        this.#clock.clearTimeout(timer);
        resolve(tabId);
      };
      this.#waiters.push(waiter);
    });
  }

  /**
   * The server that had the tab did not take a request: open the tab again (here or elsewhere), after which what
   * it has not confirmed goes again (`opened`). The stream's own failure may be doing it already.
   */
  reconnectSoon() {
    if (this.#tabId === null || this.#stopped) return;
    this.#stream?.close();
    this.#stream = null;
    this.#tabId = null;
    this.#setState('reconnecting');
    void this.#sleep().then(() => this.#open());
  }

  /** Claims the kept visitor and opens its tab on whichever server answers; then reads or follows its events. */
  async #open() {
    if (this.#opening || this.#stopped) return;
    this.#opening = true;
    try {
      while (!this.#stopped) {
        const kept = await this.#keeper.claim(this.#makeTabId);
        this.#claimedTabId = kept.tabId;
        try {
          await this.#api.createTab(kept.tabId, { ...this.#fields, ...(kept.credential === null ? {} : { credential: kept.credential }) });
        } catch (error) {
          if (error instanceof ApiError && LOST_TAB_CODES.has(error.code)) {
            console.warn('The chat tab cannot continue; starting a new visitor', error);
            this.#keeper.forget(kept.tabId);
            this.#lastEventId = '';
            continue;
          }
          console.warn('Could not open the chat tab; retrying', error);
          this.#setState('reconnecting');
          await this.#sleep();
          continue;
        }
        if (this.#stopped) return;
        this.#tabId = kept.tabId;
        for (const resolve of this.#waiters.splice(0)) resolve(kept.tabId);
        this.dispatchEvent(new CustomEvent('opened'));
        // Joined before the snapshot is asked for, so that nothing relayed after it is missed.
        if (!this.#joined) {
          this.#joined = true;
          this.#sync.join(() => this.#lead());
        }
        if (!this.#leading) void this.#follow(kept.tabId);
        else if (this.#stream === null) this.#openStream();
        return;
      }
    } finally {
      this.#opening = false;
    }
  }

  /** This tab leads now: it reads the stream from its last event (the previous leader's tab closed). */
  #lead() {
    if (this.#stopped) return;
    this.#leading = true;
    this.#relayedEarly = null;
    if (this.#tabId !== null) this.#openStream();
  }

  /**
   * Reads the tab's snapshot, then the events the leader relays after it (those that came meanwhile included).
   * @param {string} tabId
   */
  async #follow(tabId) {
    this.#relayedEarly ??= [];
    let answer;
    try {
      answer = await this.#api.request('GET', this.#api.tabPath(tabId, '/snapshot'));
    } catch (error) {
      if (this.#leading || this.#tabId !== tabId) return;
      console.warn('Could not read the chat tab', error);
      this.reconnectSoon();
      return;
    }
    if (this.#leading || this.#tabId !== tabId || this.#relayedEarly === null) return;
    const early = this.#relayedEarly;
    this.#relayedEarly = null;
    const from = Number(answer?.eventId);
    this.#give('snapshot', answer?.snapshot ?? {}, String(answer?.eventId ?? ''));
    for (const event of early) {
      if (event.tabId === tabId && Number(event.id) > from) this.#give(event.name, event.data ?? {}, String(event.id ?? ''));
    }
    this.#followedState = 'live';
    this.#setState('live');
  }

  /**
   * What another tab of the visitor posted.
   * @param {any} message
   */
  #relayed(message) {
    if (this.#leading || typeof message !== 'object' || message === null) return;
    const ours = this.#tabId === null || message.tabId === this.#tabId;
    if (message.kind === 'event' && typeof message.name === 'string') {
      if (this.#relayedEarly !== null) this.#relayedEarly.push(message);
      else if (ours) this.#give(message.name, message.data ?? {}, String(message.id ?? ''));
    } else if (message.kind === 'state' && message.tabId === this.#claimedTabId && this.#relayedEarly === null) {
      this.#followedState = String(message.state);
      this.#setState(this.#followedState);
    } else if (message.kind === 'opened' && ours && this.#tabId !== null) {
      this.dispatchEvent(new CustomEvent('opened'));
    }
  }

  /** The leader's stream, from the last event given out (a snapshot when there is none). */
  #openStream() {
    const tabId = /** @type {string} */ (this.#tabId);
    const after = this.#lastEventId;
    this.#stream?.close();
    const stream = this.#makeStream(this.#api.tabPath(tabId, '/events') + (after ? `?after=${encodeURIComponent(after)}` : ''));
    this.#stream = stream;
    this.#sync.post({ kind: 'opened', tabId });
    stream.addEventListener('state', (event) => {
      if (stream !== this.#stream) return;
      const { state } = /** @type {CustomEvent} */ (event).detail;
      if (state === 'live') {
        this.#backoff.reset();
        this.#setState('live');
      } else if (state === 'reconnecting') {
        this.#setState(offline() ? 'offline' : 'reconnecting');
      } else if (state === 'closed') {
        // EventSource gave up (an error, or 204 from a server that does not hold the tab): the tab is opened
        // again, where it is or on the server that answers now, and read from the last event.
        this.#stream = null;
        this.#tabId = null;
        this.#setState(offline() ? 'offline' : 'reconnecting');
        void this.#sleep().then(() => this.#open());
      }
    });
    stream.addEventListener('event', (event) => {
      if (stream !== this.#stream) return;
      const { name, data, id } = /** @type {CustomEvent} */ (event).detail;
      if (name === 'reconnect') {
        // The server drains before it stops: reopen from the last event at once, without the backoff; the next
        // server, or this one restarted, answers (one that does not hold the tab closes the stream with 204).
        this.#openStream();
        return;
      }
      this.#sync.post({ kind: 'event', tabId, name, data, id });
      this.#give(name, data, id);
    });
    stream.open();
  }

  /**
   * Gives one event out, and keeps the credential it carries.
   * @param {string} name
   * @param {any} data
   * @param {string} id
   */
  #give(name, data, id) {
    if (id) this.#lastEventId = id;
    const tabId = this.#tabId;
    if (tabId !== null && typeof data?.credential === 'string') {
      const expires = name === 'snapshot' ? data.credentialExpires : data.expires;
      this.#keeper.update(tabId, { credential: data.credential, expires: Number.isFinite(expires) ? expires : null });
    }
    this.dispatchEvent(new CustomEvent('event', { detail: { name, data } }));
  }

  /** @param {string} state */
  #setState(state) {
    if (this.#leading && this.#claimedTabId !== null) this.#sync.post({ kind: 'state', tabId: this.#claimedTabId, state });
    this.dispatchEvent(new CustomEvent('state', { detail: { state } }));
  }

  /** Waits the next backoff, or less when the network comes back. */
  #sleep() {
    return new Promise((resolve) => {
      const timer = this.#clock.setTimeout(resolve, this.#backoff.next());
      this.#wake = () => {
        this.#clock.clearTimeout(timer);
        resolve(undefined);
      };
    });
  }
}

function offline() {
  return globalThis.navigator?.onLine === false;
}
