// Entry point: reads the page's configuration, loads its strings, builds the store, the
// components and the session, and starts the chat.

import { ApiClient } from './api.js';
import { bestLocale, directionOf, loadStrings, PSEUDO_LOCALE, REFUSAL_KEYS } from './i18n.js';
import { ChatSession } from './session.js';
import { VisitorKeeper } from './kept-visitor.js';
import { ChatStore } from './store.js';
import { Composer } from './components/composer.js';
import { Header } from './components/header.js';
import { Transcript } from './components/transcript.js';
import { loadStylesheet } from './dom.js';
import { ConnectionStatus } from '../shared/connection-status.js';

/** The options config.js applies; it loads only when the server says one of them is set. */
const APPLIED_OPTIONS = Object.freeze([
  'palette', 'position', 'launcher', 'subtitle', 'accent', 'font', 'fontSize', 'radius', 'visitorBubble', 'operatorBubble',
  'placeholder', 'prefill', 'invitation', 'offline',
]);

/**
 * The page's configuration, as the server checked it: rendered onto `<body>` and in its options
 * (`dark`, `dir`); the query string may add a `theme` of the site's own.
 * @param {HTMLElement} body
 * @param {import('./config.js').WidgetOptions} options
 * @param {string} search `location.search`
 * @returns {{location: string, mode: string, locale: string, dir: string, theme: string | null}}
 */
function readConfig(body, options, search) {
  const theme = new URLSearchParams(search).get('theme') ?? '';
  // `auto` (no locale given): the browser's languages choose; a kiosk's own languages, its first.
  const wanted = body.dataset.mode === 'kiosk' ? (body.dataset.kioskLanguages ?? '').split(' ') : navigator.languages;
  const locale = options.locale && options.locale !== 'auto' ? options.locale : bestLocale(wanted ?? []);
  return {
    location: body.dataset.location || 'default',
    mode: body.dataset.mode || 'widget',
    locale,
    dir: options.dir ?? directionOf(locale),
    theme: options.dark === true ? 'dark' : options.dark === false ? 'light' : /^[\w-]{1,32}$/.test(theme) ? theme : null,
  };
}

/**
 * Wires the widget into the document and starts the chat.
 * @param {Document} doc
 * @returns {Promise<{store: ChatStore, session: ChatSession}>}
 */
async function startWidget(doc) {
  const options = readOptions(doc.body);
  const kiosk = doc.body.dataset.mode === 'kiosk';
  const kioskModule = kiosk ? await import('./kiosk.js') : null;
  // A kiosk visitor may have chosen a language on the attract screen.
  const entry = kioskModule?.enterKiosk() ?? null;
  const config = { ...readConfig(doc.body, options, location.search), ...entry?.language };
  const html = doc.documentElement;
  // The pseudo-locale is English underneath: for the browser, dates and the chat service.
  const language = config.locale === PSEUDO_LOCALE ? 'en' : config.locale;
  html.lang = language;
  html.dir = config.dir;
  if (config.theme) html.dataset.theme = config.theme;

  // The server renders the file picker only where files may be sent (a kiosk has none unless its server runs with
  // --kiosk-uploads); without it no other way takes files either: no paste, no drop.
  const takesFiles = doc.querySelector('[data-composer-file]') !== null;
  // A kiosk's controls are on the page from the start, so their strings come with the page's.
  const strings = await loadStrings(config.locale, kiosk ? ['kiosk'] : []);
  const template = /** @type {HTMLTemplateElement} */ (required(doc, 'template[data-template="message"]'));
  strings.apply(doc);
  strings.apply(template.content);
  // The gallery's recorder must see the stream from its first event; other pages never load it.
  const inspect = options.inspect ? await import('./inspect.js') : null;

  // A site's frame: its session and tabs take the site's visitor and fields (embedded.js).
  const embedded = doc.body.dataset.mode === 'embedded' ? await import('./embedded.js') : null;
  const Session = embedded?.EmbeddedSession ?? ChatSession;
  const store = new ChatStore();
  if (hasOptions(doc.body)) (await import('./config.js')).applyOptions(doc, options, store);
  // A site's visitor is one conversation across its browser tabs and visits; a kiosk's lives only as long as the
  // browser tab (its reset erases it), as does a named frame's (the preview's, the gallery's) and `persist=tab`'s.
  const scope = kiosk || options.persist === 'tab' || globalThis.name ? 'tab' : 'site';
  const keeper = new VisitorKeeper({ location: config.location, scope });
  const api = embedded ? new embedded.EmbeddedApi(keeper) : new ApiClient();
  const session = new Session({
    api,
    store,
    location: config.location,
    locale: language,
    tab: { kiosk, coreLog: options.log },
    keeper,
    makeStream: inspect?.recordingStream,
    // The page's own sentence for every refusal (the errors part, by code), never the server's English.
    wording: (code) => strings.t(Object.hasOwn(REFUSAL_KEYS, code) ? REFUSAL_KEYS[code] : strings.has(code) ? code : 'unknownError'),
  });
  // What the first view does not show loads the first time it is needed: the lightbox, the panels
  // (their markup too), the sound and the kiosk controller each cost the page's first load nothing.
  const lightbox = once(async () => {
    const [{ Lightbox }] = await Promise.all([import('./components/lightbox.js'), loadStylesheet(doc, '/static/css/lightbox.css')]);
    return new Lightbox(doc, strings);
  });
  const panels = once(async () => {
    const [{ startPanels }] = await Promise.all([import('./components/panels.js'), loadStylesheet(doc, '/static/css/panels.css')]);
    return startPanels(doc, { store, strings, session });
  });

  // Parts many chats never show (`components/{name}.js`, exporting `start`) load with their strings and styles
  // the first time one is needed: the survey card, an operator's invitation, the pre-chat form.
  const part = (name, deps) => once(() => import(`./components/${name}.js`).then((m) => m.start(doc, { store, strings, session, ...deps })));
  const survey = part('survey');
  store.addEventListener('survey', () => store.survey && void survey());
  const invitation = part('invitation');
  store.addEventListener('chatState', () => store.chatState === 'invitation' && void invitation());

  const upload = (files) =>
    import('./uploads.js').then(
      ({ uploadFiles }) => uploadFiles(files, { session, store, strings, composer, transcript }),
      () => composer.showError(strings.t('uploadFailed')),
    );
  const composer = new Composer(/** @type {HTMLFormElement} */ (required(doc, '[data-composer]')), {
    strings,
    onSend: (text, quote) => {
      // An unedited chosen suggestion goes with `hintQuestion` (a reply is the visitor's own words).
      const hintQuestion = hintList?.sent(text) === true && !quote;
      session.send(text, { quote, hintQuestion });
      transcript.scrollToLatest();
    },
    onEdit: (id, text) => {
      hintList?.sent(text);
      session.edit(id, text);
      session.typing(null);
    },
    onFiles: takesFiles ? (files) => void upload(files) : null,
    onTyping: (draft) => session.typing(draft),
  });
  const transcript = new Transcript(required(doc, '[data-transcript]'), {
    store,
    template,
    strings,
    locale: language,
    // A kiosk saves no files: a download could open the system's save dialog on a shared screen.
    fileLinks: !kiosk,
    actions: {
      retry: (clientId) => session.retry(clientId),
      act: (message, action) => {
        if (action === 'delete') session.remove(message.id);
        else if (action === 'like' || action === 'dislike') session.react(message.id, action);
        else composer.target(action, message);
      },
      press: (messageId, buttonId) => session.pressButton(messageId, buttonId),
      insert: (text) => composer.insert(text),
      openImage: (url, name) => void lightbox().then((viewer) => viewer.open(url, name)),
      loadOlder: () => void session.loadOlder(),
      giveContacts: (fields) => session.request('contacts', 'POST', '/contacts', fields),
      acceptActionRequest: (id) => session.request('accept', 'POST', `/messages/${encodeURIComponent(id)}/accept`, {}),
    },
  });
  new Header(required(doc, '[data-header]'), {
    store,
    strings,
    title: options.title || strings.t('title'),
    icon: options.icon,
    actions: {
      start: () => session.chat('start'),
      close: () => session.chat('close'),
      rate: () => void panels().then(({ rating }) => rating.open()),
      transcript: () => void panels().then(({ transcriptForm }) => transcriptForm.open()),
    },
  });
  // The location's pre-chat form may come before a chat: looked for once the page is live with none.
  const prechat = part('prechat', { location: config.location });
  store.addEventListener('connection', () => store.connection === 'live' && !store.entries.length && void prechat());
  // A part the location may offer loads the first time the store's `field` offers it; once loaded, it follows the offer.
  const whenOffered = (field, isOffered, load, follow) => {
    let loaded = null;
    store.addEventListener(field, () => {
      if (loaded === null && !isOffered()) return;
      loaded ??= load();
      void loaded.then(follow);
    });
  };
  // The sticker button, and suggested questions as the visitor types.
  whenOffered(
    'limits',
    () => store.limits?.stickers?.length > 0,
    () => import('./components/stickers.js').then((module) => module.startStickerPicker(doc, { strings, session })),
    (picker) => picker.show(store.limits?.stickers ?? []),
  );
  let hintList = null;
  whenOffered(
    'hintsEnabled',
    () => store.hintsEnabled,
    () => import('./components/hints.js').then((m) => m.startHints(doc, { strings, session, api })),
    (list) => (hintList = list).enable(store.hintsEnabled),
  );
  // The page kit's connection line as a banner: in the visitor's words, only while the stream is down.
  const banner = required(doc, '[data-connection-banner]');
  // A fatal error says which (a banned visitor, a blocked account) where the errors part words it.
  const fatal = () => (strings.has(`fatal_${store.fatal}`) ? `fatal_${store.fatal}` : 'failed');
  const status = new ConnectionStatus(banner, { store, label: (state) => (state === 'live' ? '' : strings.t(state === 'failed' ? fatal() : state)) });
  // Refusals are worded from the errors part, loaded once the chat is live (it costs the first load nothing); a
  // visitor refused from the start (banned, a blocked account) never was live, so the banner waits for its words.
  store.addEventListener('connection', () => {
    if (store.connection === 'live') void strings.load('errors');
    if (store.connection === 'failed') {
      composer.refuse();
      void strings.load('errors').then(() => status.render(store.connection));
    }
  });
  // The department list and the offline form load when the chat's state first calls for them.
  const needsPanels = () =>
    ['departmentSelection', 'offlineMessage'].includes(store.visitState) || ['offline', 'busyOffline'].includes(store.onlineStatus);
  for (const name of ['visitState', 'onlineStatus']) {
    store.addEventListener(name, () => {
      if (needsPanels()) void panels();
    });
  }

  session.addEventListener('result', (event) => {
    const result = /** @type {CustomEvent} */ (event).detail;
    if (result.kind === 'rating') void panels().then(({ rating }) => rating.result(result, 'rated'));
    else if (result.kind === 'resolution') void panels().then(({ rating }) => rating.resolved(result));
    else if (result.kind === 'survey') void survey().then((card) => card.result(result));
    else if (result.kind === 'transcript') void panels().then(({ transcriptForm }) => transcriptForm.result(result, 'transcriptSent'));
    // A file the service refused is gone from the list (the SDK removes it), so the composer says why.
    else if (!result.ok && ['chat', 'file', 'sticker'].includes(result.kind)) composer.showError(result.error ? session.describe(result.error) : strings.t('unknownError'));
  });
  // Browsers let a page play sound only after the visitor has interacted with it, so the beeper
  // loads on the first key or pointer press; before that a new message makes no sound.
  let beeper = null;
  const unlock = () => {
    beeper ??= import('./sound.js').then(({ Beeper }) => new Beeper());
  };
  for (const type of ['pointerdown', 'keydown']) doc.addEventListener(type, unlock, { capture: true, once: true });
  session.addEventListener('operatorMessage', (event) => {
    const id = /** @type {CustomEvent} */ (event).detail?.id;
    void beeper?.then((sound) => sound.beepOnce(`${session.keeper.key}.${id}`, doc.visibilityState === 'visible'));
  });

  // Files dropped anywhere on the chat are uploaded, where the page takes files.
  const frame = required(doc, '.widget-frame');
  if (takesFiles) {
    frame.addEventListener('dragover', (event) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    });
    frame.addEventListener('drop', (event) => {
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      void upload(files);
    });
  }

  // Messages count as read when they arrive while the visitor watches the newest ones, or when
  // the visitor next acts on the page. Coming back to the tab is not reading: the badge and the
  // title show what arrived meanwhile until the visitor touches, types or scrolls. A framed chat
  // (a preview's or gallery's frame, a widget on a site) has the focus only once clicked, so
  // there the chat being shown is what counts: not behind a closed panel (`data-chat-hidden`,
  // set by launcher.js and embedded.js).
  const watching = () =>
    doc.visibilityState === 'visible' &&
    !('chatHidden' in doc.documentElement.dataset) &&
    (window.top !== window || doc.hasFocus()) &&
    transcript.isNearBottom();
  const markRead = () => {
    if (store.unread.count > 0 && watching()) void session.markRead();
  };
  store.addEventListener('unread', markRead);
  store.addEventListener('messages', () => queueMicrotask(markRead));
  for (const type of ['pointerdown', 'keydown']) doc.addEventListener(type, markRead);
  required(doc, '[data-transcript]').addEventListener('scroll', markRead, { passive: true });
  // The title is what a visitor in another tab sees.
  const title = doc.title;
  store.addEventListener('unread', () => {
    doc.title = store.unread.count > 0 ? `(${store.unread.count}) ${title}` : title;
  });

  // Another tab of the site erased the visitor, logged them out or began a new one: this one follows, from a fresh
  // load. So does a page still opening the tab it claimed, which would otherwise show a visitor no longer kept.
  keeper.watch((kept) => {
    const tabId = session.claimedTabId;
    if (tabId !== null && kept?.tabId !== tabId) {
      session.stop();
      location.replace(location.href);
    }
  });

  // Made before the session starts, so its link guard is in place before the first message can show a link.
  const kioskController = kioskModule && new kioskModule.Kiosk(doc, { strings, session, config, title: options.title || strings.t('title') });

  // A floating launcher's chat starts closed, and is hidden from the start: the launcher draws its button only once
  // its stylesheet has loaded, and an unread answer in the first snapshot must not count as read before then.
  if (options.launcher === 'floating' && options.open !== true) doc.documentElement.dataset.chatHidden = '';
  if (options.launcher !== 'inline') void import('./launcher.js').then((m) => m.startLauncher(doc, options, strings));
  inspect?.startInspect(doc, { store, session });
  // The bridge to the site, and consent before the session when the site asks for it.
  if (embedded) await embedded.startEmbedded(doc, { store, session, strings, composer, options, config });
  doc.body.dataset.ready = 'true';
  if (!embedded) {
    // A kiosk's chat begins when a visitor touches its attract screen; nothing exists for them before.
    await kioskController?.admit(entry.started);
    session.start();
  }
  return { store, session };
}

/**
 * Reads `<body data-config>`: every option's value, the server's defaults filled in (the page keeps none of its
 * own: `WidgetOptionCatalog` is their one home). An unreadable value gives none, and the page its plain look.
 * @param {HTMLElement} body
 * @returns {import('./config.js').WidgetOptions}
 */
function readOptions(body) {
  try {
    return JSON.parse(body.dataset.config ?? '{}');
  } catch {
    return /** @type {any} */ ({});
  }
}

/** Whether the server says an option config.js applies differs from what a page without options has. */
function hasOptions(body) {
  const set = (body.dataset.optionsSet ?? '').split(' ');
  return APPLIED_OPTIONS.some((name) => set.includes(name));
}

/**
 * Wraps an async factory so it runs once; every call gets the same promise. A failed run (the
 * connection dropped while a module loaded) is forgotten, so the next call tries again.
 */
function once(factory) {
  let promise = null;
  return () =>
    (promise ??= factory().catch((error) => {
      promise = null;
      throw error;
    }));
}

function required(doc, selector) {
  const element = doc.querySelector(selector);
  if (element === null) throw new Error(`The page has no ${selector}`);
  return element;
}

void startWidget(document);
