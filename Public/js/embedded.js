// The chat inside a site's page (`mode=embedded`, framed by the site's `embed.js`): the bridge that
// takes the site's commands and tells it what happens in the chat, and the consent that comes
// before anything is created or stored for the visitor (`consent=required`).
//
// The bridge's one message shape, version 1: `{webimWidget: 1, kind: 'command', name, args}` from
// the site, `{webimWidget: 1, kind: 'event', name, detail}` to it. Commands are taken only from the
// parent window, and only when its origin is the one the server let embed this page
// (`<body data-embed-host>`, from `--embed-origins`); events go to that origin alone.

import { el, loadStylesheet } from './dom.js';
import { deleteTab, wipeStorage } from './erase.js';
import { safeStorage } from './kept-visitor.js';
import { fetchLocationStatus } from './location-status.js';
import { closeTab, forgetIdentified, namedBeforeLogout, noteLogout, watchLogouts } from './logout.js';
import { ApiClient } from './api.js';
import { makeTabId } from './connection.js';
import { ChatSession } from './session.js';

export const BRIDGE_VERSION = 1;
/** Where an embedded chat remembers, once given, that the visitor consented. */
const CONSENT_KEY = 'webim-widget.consent';
const OPEN_STATES = new Set(['queue', 'chatting', 'chattingWithRobot']);
/** How long a framed chat waits for its site's `begin` before it starts its session anyway. */
const BEGIN_WAIT_MS = 3000;
/** The most custom data a site's `send` may carry, as UTF-8 JSON. */
const MAX_DATA_BYTES = 4096;
/** Message types that an operator or a bot sent: the site's `message` event. */
const FROM_OPERATOR = new Set(['operator', 'fileFromOperator', 'keyboard', 'operatorBusy', 'info']);

/**
 * The server of an embedded chat: an identified visitor's tab is created with their signed fields, kept beside
 * the visitor (kept-visitor.js) once the tab exists.
 */
export class EmbeddedApi extends ApiClient {
  #keeper;

  /** @param {import('./kept-visitor.js').VisitorKeeper} keeper */
  constructor(keeper) {
    super();
    this.#keeper = keeper;
  }

  /**
   * @param {string} tabId
   * @param {object} fields
   */
  createTab(tabId, fields) {
    const kept = this.#keeper.read();
    const visitorFields = pendingVisitor ?? (kept?.tabId === tabId ? kept.visitorFields : null);
    if (visitorFields !== null && kept?.tabId === tabId && kept.visitorFields !== visitorFields) this.#keeper.update(tabId, { visitorFields });
    openedAs = visitorFields;
    return super.createTab(tabId, visitorFields === null ? fields : { ...fields, visitorFields });
  }
}

/**
 * The signed fields the site gave on this page (nothing is stored before consent); the site gives them again on
 * each page, before its `begin`.
 * @type {string | null}
 */
let pendingVisitor = null;

/**
 * The signed fields this page's tab was last opened with: whom it shows, whatever storage says since.
 * @type {string | null}
 */
let openedAs = null;

/**
 * The session of an embedded chat: the site may identify the visitor (`setVisitor`) and give fields
 * for the chat's start (`setCustomFields`).
 */
export class EmbeddedSession extends ChatSession {
  #store;
  /** Fields for the next chat's start; sent once. */
  #customFields = null;

  /** @param {ConstructorParameters<typeof ChatSession>[0]} deps */
  constructor(deps) {
    super(deps);
    this.#store = deps.store;
  }

  /**
   * Becomes the visitor the signed `{fields, expires, hash}` JSON names. Before the session starts,
   * its tab is created for them (a kept visitor who was someone else, or anonymous, is forgotten); after, the page
   * keeps a new visitor for them in place of its own and loads afresh, so the new visitor's session starts clean (the
   * old chat stays with the old visitor).
   * @param {string} visitorFields
   * @param {{started: boolean}} state
   */
  identify(visitorFields, { started }) {
    const kept = this.keeper.read();
    const current = pendingVisitor ?? kept?.visitorFields ?? null;
    if (visitorFields === current) return;
    pendingVisitor = visitorFields;
    // The same person signed afresh (a new `expires`) goes on; anyone else is a new visitor.
    if (current !== null && sameVisitor(current, visitorFields)) return;
    if (!started) {
      if (kept !== null) this.keeper.forget(kept.tabId);
      return;
    }
    this.stop();
    // Kept before the page loads afresh: the site's other tabs, which load afresh too, find the person, not a
    // visitor they would each begin anonymously.
    this.keeper.replace(makeTabId(), { visitorFields });
    location.replace(location.href);
  }

  /** @returns {boolean} Whether this page's visitor is one the site identified, or is about to be. */
  get identified() {
    return (pendingVisitor ?? openedAs ?? this.keeper.read()?.visitorFields ?? null) !== null;
  }

  /**
   * Logs the identified visitor out of this browser, keeping their conversation on the service (logout.js): the tab
   * the site asked (`everywhere`) forgets every kept visitor with signed fields in the site's storage and closes their
   * tabs; every tab forgets its own where only it keeps it (`persist=tab`).
   * @param {{everywhere: boolean}} options
   * @returns {boolean} Whether anyone was identified here: then the page starts over as an anonymous visitor.
   */
  logout({ everywhere }) {
    const identified = this.identified;
    const tabIds = everywhere ? forgetIdentified(safeStorage('localStorage')) : [];
    const kept = this.keeper.read();
    if (kept !== null && kept.visitorFields !== null && (everywhere || this.keeper.scope === 'tab')) {
      this.keeper.forget(kept.tabId);
      tabIds.push(kept.tabId);
    }
    pendingVisitor = null;
    for (const tabId of tabIds) void closeTab(tabId);
    return identified || tabIds.length > 0;
  }

  /** @param {Record<string, string> | null} fields */
  setCustomFields(fields) {
    this.#customFields = fields && Object.keys(fields).length > 0 ? fields : null;
  }

  /**
   * The site's answers to the pre-chat form (`WebimWidget('prechat', …)`): they fill the form in (components/prechat.js),
   * or with `skip` stand for it, going with the chat's start as its fields and department.
   * @type {import('./components/prechat.js').PrechatAnswers | null}
   */
  prechatAnswers = null;
  /** The department the chat starts in, from the site's skipped form. */
  #startDepartment = null;

  /** @param {import('./components/prechat.js').PrechatAnswers} answers */
  prechat(answers) {
    this.prechatAnswers = answers;
    if (answers.skip) {
      this.setCustomFields({ ...this.#customFields, ...answers.fields });
      this.#startDepartment = answers.departmentKey ?? null;
    }
    this.dispatchEvent(new CustomEvent('prechat'));
  }

  /** Whether the chat goes on without the form: the site skipped it, or its signed fields say who the visitor is. */
  get skipsPrechat() {
    return this.prechatAnswers?.skip === true || (pendingVisitor ?? this.keeper.read()?.visitorFields ?? null) !== null;
  }

  chat(action, departmentKey, extra = {}) {
    if (action !== 'start') return super.chat(action, departmentKey, extra);
    const department = departmentKey ?? this.#startDepartment ?? undefined;
    this.#startDepartment = null;
    if (this.#customFields === null) return super.chat(action, department, extra);
    // The site's fields, with the visitor's own answers over them.
    const customFields = { ...this.#customFields, ...extra.customFields };
    this.#customFields = null;
    return super.chat(action, department, { ...extra, customFields });
  }

  /** A message that starts a chat waits for the start with the site's fields: the tab takes actions in order. */
  send(text, options) {
    const waiting = this.#customFields !== null || this.#startDepartment !== null;
    if (!waiting || OPEN_STATES.has(this.#store.chatState)) return super.send(text, options);
    void this.chat('start').then(() => super.send(text, options));
  }
}

/**
 * Starts the bridge, and the session once there is consent.
 * @param {Document} doc
 * @param {object} deps
 * @param {import('./store.js').ChatStore} deps.store
 * @param {EmbeddedSession} deps.session
 * @param {import('./i18n.js').Strings} deps.strings
 * @param {{prefill: (text: string) => void, focus: () => void}} deps.composer
 * @param {import('./config.js').WidgetOptions} deps.options
 * @param {{location: string}} deps.config
 */
export async function startEmbedded(doc, { store, session, strings, composer, options, config }) {
  const { location } = config;
  const consentRequired = options.consent === 'required';
  const html = doc.documentElement;
  const host = doc.body.dataset.embedHost ?? null;
  const parent = doc.defaultView?.parent ?? null;
  const framed = parent !== null && parent !== doc.defaultView;
  await Promise.all([loadStylesheet(doc, '/static/css/embedded.css'), strings.load('embedded'), strings.load('launcher')]);
  if (host === null) console.warn('This chat is not embedded by a site the server lists (--embed-origins): it takes no commands.');

  const post = (name, detail = {}) => {
    if (host !== null && framed) parent.postMessage({ webimWidget: BRIDGE_VERSION, kind: 'event', name, detail }, host);
  };
  let warned = false;
  doc.defaultView?.addEventListener('message', (event) => {
    const message = event.data;
    if (typeof message !== 'object' || message === null || !('webimWidget' in message)) return;
    const accepted =
      host !== null && event.source === parent && event.origin === host && message.webimWidget === BRIDGE_VERSION && message.kind === 'command';
    if (!accepted || typeof message.name !== 'string' || !Object.hasOwn(commands, message.name)) {
      if (!warned) console.warn(`The chat ignored a command from ${event.origin}: it takes version ${BRIDGE_VERSION} commands from ${host ?? 'no site'} only.`);
      warned = true;
      return;
    }
    commands[message.name](...(Array.isArray(message.args) ? message.args : []));
  });

  // The site's panel starts closed: what arrives meanwhile is unread until the visitor opens it.
  html.dataset.chatHidden = '';
  const minimize = el('button', 'header-button embedded-minimize', strings.t('minimize'));
  minimize.type = 'button';
  minimize.dataset.embedMinimize = '';
  minimize.addEventListener('click', () => post('closeRequested'));
  doc.querySelector('[data-chat-actions]')?.append(minimize);

  const hasConsent = () => !consentRequired || readConsent();
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    delete html.dataset.consentPending;
    // The visitor who agreed from the keyboard goes on writing, not back to the top of the page.
    const agreedHere = consentLine?.contains(doc.activeElement) ?? false;
    consentLine?.remove();
    composerForm.inert = false;
    if (agreedHere) composer.focus();
    session.start();
  };
  const composerForm = /** @type {HTMLFormElement} */ (doc.querySelector('[data-composer]'));
  let consentLine = null;
  /** Loads the page afresh: a new visitor's session starts clean. */
  const startOver = () => {
    session.stop();
    doc.defaultView?.location.replace(doc.defaultView.location.href);
  };
  /**
   * Erases this visitor here and on the server, then loads the page afresh (the kiosk's reset). A reset is a logout
   * too (`at`, when the site asked): a visitor that another tab's page named before it is not named again.
   */
  const erase = async ({ keepConsent, at = Date.now() }) => {
    const tabId = session.keptTabId;
    // Nothing was kept before consent, and nothing is now.
    const note = keepConsent && hasConsent();
    session.stop();
    const wipe = () => {
      wipeStorage();
      if (note) noteLogout(at);
    };
    wipe();
    if (tabId !== null) await deleteTab(tabId);
    wipe();
    if (keepConsent && consentRequired) writeConsent();
    startOver();
  };
  /**
   * This browser's identified visitor is logged out (`everywhere`: the site asked here; else another tab did): the
   * site hears it, the page starts over.
   */
  const loggedOut = (everywhere) => {
    if (!session.logout({ everywhere })) return;
    post('logout');
    if (started) startOver();
  };
  watchLogouts(() => loggedOut(false));

  /** The unread count the site's launcher shows (one it remembered from an earlier page, say), from `begin`. */
  let launcherUnread = 0;
  const commands = {
    // `focus`: the visitor pressed the site's launcher, so they go on in the composer (or the consent line first).
    open: (focus) => {
      delete html.dataset.chatHidden;
      // What is on screen now counts as read: the transcript's visible part changed as if scrolled (main.js).
      doc.querySelector('[data-transcript]')?.dispatchEvent(new Event('scroll'));
      if (focus === true) (started || consentLine === null ? composer : consentLine.querySelector('button')).focus();
    },
    close: () => {
      html.dataset.chatHidden = '';
    },
    prefill: (text) => {
      if (typeof text === 'string') composer.prefill(text.slice(0, 1000));
    },
    // The site sends a message as the visitor, with its custom data (the SDK's `getData()`) when it gives some.
    // `json` is the loader's JSON text of the site's `data` (undefined without one).
    send: (text, json) => {
      const data = typeof json === 'string' ? parseJson(json) : null;
      const fits = typeof json !== 'string' || (new TextEncoder().encode(json).length <= MAX_DATA_BYTES && (json === 'null' || isPlainObject(data)));
      if (typeof text !== 'string' || text.trim() === '') post('error', { kind: 'message', code: 'empty_text', message: 'A message needs some text.' });
      else if (!fits) post('error', { kind: 'message', code: 'invalid_data', message: `data must be a JSON object of at most ${MAX_DATA_BYTES} bytes.` });
      else session.send(text, isPlainObject(data) ? { data } : {});
    },
    setCustomFields: (fields) => session.setCustomFields(customFields(fields)),
    prechat: (answers) => {
      if (typeof answers !== 'object' || answers === null) return;
      const text = (value) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
      session.prechat({
        fields: customFields(answers.fields) ?? {},
        departmentKey: typeof answers.departmentKey === 'string' && /^[\w-]{1,64}$/.test(answers.departmentKey) ? answers.departmentKey : undefined,
        firstQuestion: text(answers.firstQuestion),
        skip: answers.skip === true,
      });
    },
    // The signed `{fields, expires, hash}`: the site's JSON text, or the object, which is written as JSON here; null
    // logs the visitor out. `at`: when the site named them (the loader's clock); named before this browser's last
    // logout, they are stale (a page left open in another tab), and the site hears that they are logged out.
    setVisitor: (fields, at) => {
      if (fields === null) return commands.logout(at);
      const text = typeof fields === 'string' ? fields : isPlainObject(fields) ? jsonText(fields) : null;
      if (text === null) return;
      if (Number.isFinite(at) && namedBeforeLogout(at)) post('logout');
      else session.identify(text, { started });
    },
    // The person left the site: they are forgotten in every tab of this browser, their conversation kept on the
    // service for their next login (`reset` is the erase).
    logout: (at) => {
      // Before consent nothing is kept, not even the time.
      if (hasConsent()) noteLogout(Number.isFinite(at) ? at : Date.now());
      loggedOut(true);
    },
    // The site has passed on what it had queued (the visitor, the fields): the session may start.
    begin: (shown) => {
      launcherUnread = Math.max(0, Number(shown) || 0);
      clearTimeout(beginTimer);
      if (hasConsent()) start();
    },
    reset: (at) => void erase({ keepConsent: true, ...(Number.isFinite(at) ? { at } : {}) }),
    consent: (given) => {
      if (given === true) {
        writeConsent();
        start();
      } else if (given === false && consentRequired) void erase({ keepConsent: false });
    },
  };

  forwardEvents({ store, session, post, launcherUnread: () => launcherUnread });
  // With a site on the other side, the session starts at its `begin` (sent after `ready` and what the
  // site had queued), so a visitor it identifies gets their own tab at once rather than an anonymous
  // one first; a site that never says it starts anyway.
  let beginTimer;
  if (hasConsent()) {
    if (host !== null && framed) beginTimer = setTimeout(start, BEGIN_WAIT_MS);
    else start();
  } else {
    // Nothing exists yet, but the launcher can say whether anyone answers.
    html.dataset.consentPending = '';
    composerForm.inert = true;
    consentLine = consentPrompt(doc, strings, () => commands.consent(true));
    composerForm.before(consentLine);
    void fetchLocationStatus(location).then((answer) => {
      if (!started && answer !== null) store.set('onlineStatus', answer.status);
    });
  }
  post('ready', { consent: hasConsent() ? 'given' : 'pending', labels: launcherLabels(strings) });
}

/** The words of the site's launcher (embed.js has none of its own beyond English defaults). */
function launcherLabels(strings) {
  const t = (key) => strings.t(key);
  return {
    open: t('openWidget'),
    close: t('closeWidget'),
    chat: t('title'),
    online: t('online'),
    busyOnline: t('busyOnline'),
    offline: t('leaveMessage'),
    busyOffline: t('leaveMessage'),
    unread: t('unread'),
  };
}

/** The site's events that follow the store and the session. */
function forwardEvents({ store, session, post, launcherUnread }) {
  let unread = 0;
  store.addEventListener('unread', () => {
    const count = Number(store.unread?.count) || 0;
    if (count !== unread) post('unreadChanged', { count });
    unread = count;
  });
  // The launcher may show a count it remembered from an earlier page: once the first snapshot (the first
  // messages the store has) says there is none unread, it hears so; a count above none it hears anyway (above).
  let corrected = false;
  store.addEventListener('messages', () => {
    if (corrected) return;
    corrected = true;
    queueMicrotask(() => {
      if (unread === 0 && launcherUnread() !== 0) post('unreadChanged', { count: 0 });
    });
  });
  // The first state a page learns (a resumed chat's, say) is where it is, not a change.
  let chatState = store.chatState;
  store.addEventListener('chatState', () => {
    const was = chatState;
    chatState = store.chatState;
    if (was === 'none' || OPEN_STATES.has(was) === OPEN_STATES.has(chatState)) return;
    post(OPEN_STATES.has(chatState) ? 'chatStarted' : 'chatClosed', { state: chatState });
  });
  let operatorId = null;
  store.addEventListener('operator', () => {
    const operator = store.operator;
    if ((operator?.id ?? null) === operatorId) return;
    operatorId = operator?.id ?? null;
    post('operatorChanged', { operator: operator ? { id: operator.id, name: operator.name, avatarUrl: operator.avatarUrl ?? null, title: operator.title ?? null } : null });
  });
  let status = null;
  store.addEventListener('onlineStatus', () => {
    if (store.onlineStatus !== status && store.onlineStatus !== 'unknown') post('onlineStatusChanged', { status: store.onlineStatus });
    status = store.onlineStatus;
  });
  store.addEventListener('connection', () => {
    if (store.connection === 'failed') post('error', { code: 'connection_failed', message: 'The chat service refused this visitor.' });
  });
  session.addEventListener('messageAdded', (event) => {
    const message = /** @type {CustomEvent} */ (event).detail;
    if (message && FROM_OPERATOR.has(message.type)) {
      post('message', { id: message.id, text: message.text, sender: message.senderName, type: message.type, data: message.data ?? null });
      // The operator's first message of a proactive invitation is what the site's launcher shows beside it.
      if (store.chatState === 'invitation') post('invitation', { text: message.text, sender: message.senderName });
    }
  });
  session.addEventListener('result', (event) => {
    const result = /** @type {CustomEvent} */ (event).detail;
    if (!result.ok) post('error', { kind: result.kind, code: result.error?.code ?? 'action_failed', message: result.error?.message ?? '' });
    else if (result.kind === 'message') {
      // The service has it: the message as the page shows it now, with the server's id.
      const message = store.entries.find((entry) => entry.message.clientId === result.clientId)?.message;
      post('messageSent', { clientId: result.clientId, id: message?.id ?? null, text: message?.text ?? '' });
    }
  });
}

/** The value of JSON text, or undefined when it is none. */
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The JSON text of a value, or null when it has none (a cycle, say). */
function jsonText(value) {
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}

/** Whether a JSON value is an object (not an array, not null). */
function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The consent line: what is kept, and one button to agree. */
function consentPrompt(doc, strings, agree) {
  const line = el('div', 'embedded-consent');
  line.dataset.consent = '';
  line.setAttribute('role', 'group');
  line.setAttribute('aria-labelledby', 'embedded-consent-text');
  const text = el('p', 'embedded-consent-text', strings.t('consentText'));
  text.id = 'embedded-consent-text';
  text.dir = 'auto';
  const button = el('button', 'embedded-consent-accept widget-accent-button', strings.t('consentAccept'));
  button.type = 'button';
  button.dataset.consentAccept = '';
  button.addEventListener('click', agree);
  line.append(text, button);
  return line;
}

/**
 * Whether two signed `{fields, expires, hash}` JSONs name the same visitor.
 * @param {string} a
 * @param {string} b
 */
function sameVisitor(a, b) {
  try {
    return JSON.stringify(JSON.parse(a).fields) === JSON.stringify(JSON.parse(b).fields);
  } catch {
    return false;
  }
}

/** `{name: value}` with string values, at most 50: what the server takes as a chat's custom fields. */
function customFields(fields) {
  if (typeof fields !== 'object' || fields === null) return null;
  const entries = Object.entries(fields)
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .slice(0, 50)
    .map(([name, value]) => [name, String(value)]);
  return Object.fromEntries(entries);
}

function readConsent() {
  try {
    return localStorage.getItem(CONSENT_KEY) === 'given';
  } catch {
    return false;
  }
}

function writeConsent() {
  try {
    localStorage.setItem(CONSENT_KEY, 'given');
  } catch {
    // Not kept: the visitor is asked again on the next page.
  }
}
