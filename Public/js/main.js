// Entry point: reads the page's configuration, loads its strings, builds the store and the session, wires each
// feature of the page (`wiring/`, one module a feature), and starts the chat.

import { ApiClient } from './api.js';
import { required } from './dom.js';
import { bestLocale, directionOf, loadStrings, PSEUDO_LOCALE, REFUSAL_KEYS } from './i18n.js';
import { VisitorKeeper } from './kept-visitor.js';
import { ChatSession } from './session.js';
import { ChatStore } from './store.js';
import { wireBeep } from './wiring/beep.js';
import { wireComposer } from './wiring/composer.js';
import { wireStickerPicker, wireSuggestions } from './wiring/composer-parts.js';
import { wireConnectionBanner } from './wiring/connection-banner.js';
import { fileSender, wireFileDrop } from './wiring/files.js';
import { wireHeader } from './wiring/header.js';
import { followOtherTabs } from './wiring/other-tabs.js';
import { lazyParts, loadPartsWhenCalledFor } from './wiring/parts.js';
import { wireReading, wireUnreadTitle } from './wiring/reading.js';
import { wireResults } from './wiring/results.js';
import { wireTranscript } from './wiring/transcript.js';

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
 * Wires the widget into the document and starts the chat: first the page's configuration, strings, store and
 * session, then each feature (`wiring/`). A wiring takes from `page` what the ones before it made (the parts, the
 * suggestions, the composer, the transcript), so they go in this order.
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
  const language = applyLanguageAndTheme(doc.documentElement, config);
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
  const store = new ChatStore();
  if (hasOptions(doc.body)) (await import('./config.js')).applyOptions(doc, options, store);
  const { session, api } = makeSession({ config, options, kiosk, strings, store, embedded, inspect });

  const page = /** @type {import('./wiring/page.js').Page} */ ({ doc, options, config, language, kiosk, takesFiles, template, strings, store, session, api });
  page.parts = lazyParts(page);
  page.hints = wireSuggestions(page);
  wireStickerPicker(page);
  const upload = fileSender(page);
  page.composer = wireComposer(page, upload);
  page.transcript = wireTranscript(page);
  wireHeader(page);
  loadPartsWhenCalledFor(page);
  wireConnectionBanner(page);
  wireResults(page);
  wireBeep(page);
  wireFileDrop(page, upload);
  wireReading(page);
  wireUnreadTitle(page);
  followOtherTabs(page);

  // Made before the session starts, so its link guard is in place before the first message can show a link.
  const kioskController = kioskModule && new kioskModule.Kiosk(doc, { strings, session, config, title: options.title || strings.t('title') });
  // A floating launcher's chat starts closed, and is hidden from the start: the launcher draws its button only once
  // its stylesheet has loaded, and an unread answer in the first snapshot must not count as read before then.
  if (options.launcher === 'floating' && options.open !== true) doc.documentElement.dataset.chatHidden = '';
  if (options.launcher !== 'inline') void import('./launcher.js').then((m) => m.startLauncher(doc, options, strings));
  inspect?.startInspect(doc, { store, session });
  // The bridge to the site, and consent before the session when the site asks for it.
  if (embedded) await embedded.startEmbedded(doc, { store, session, strings, composer: page.composer, options, config });
  doc.body.dataset.ready = 'true';
  if (!embedded) {
    // A kiosk's chat begins when a visitor touches its attract screen; nothing exists for them before.
    await kioskController?.admit(entry.started);
    session.start();
  }
  return { store, session };
}

/**
 * Puts the page's language, direction and theme on `<html>`.
 * @param {HTMLElement} html
 * @param {{locale: string, dir: string, theme: string | null}} config
 * @returns {string} The language the browser is told.
 */
function applyLanguageAndTheme(html, config) {
  // The pseudo-locale is English underneath, for the browser and its dates.
  const language = config.locale === PSEUDO_LOCALE ? 'en' : config.locale;
  html.lang = language;
  html.dir = config.dir;
  if (config.theme) html.dataset.theme = config.theme;
  return language;
}

/**
 * The page's chat session, as its mode wants it: where its visitor is kept, the API it goes through (a site's frame
 * has its own, with the site's visitor), and the page's own words for every refusal. Nothing starts yet.
 * @param {object} deps
 * @param {import('./wiring/page.js').Page['config']} deps.config
 * @param {import('./config.js').WidgetOptions} deps.options
 * @param {boolean} deps.kiosk
 * @param {import('./i18n.js').Strings} deps.strings
 * @param {import('./store.js').ChatStore} deps.store
 * @param {typeof import('./embedded.js') | null} deps.embedded In a site's frame.
 * @param {typeof import('./inspect.js') | null} deps.inspect In a gallery's frame, whose recorder reads the stream.
 * @returns {{session: ChatSession, api: ApiClient}}
 */
function makeSession({ config, options, kiosk, strings, store, embedded, inspect }) {
  const Session = embedded?.EmbeddedSession ?? ChatSession;
  // A site's visitor is one conversation across its browser tabs and visits; a kiosk's lives only as long as the
  // browser tab (its reset erases it), as does a named frame's (the preview's, the gallery's) and `persist=tab`'s.
  const scope = kiosk || options.persist === 'tab' || globalThis.name ? 'tab' : 'site';
  const keeper = new VisitorKeeper({ location: config.location, scope });
  const api = embedded ? new embedded.EmbeddedApi(keeper) : new ApiClient();
  const session = new Session({
    api,
    store,
    location: config.location,
    tab: { kiosk, coreLog: options.log },
    keeper,
    makeStream: inspect?.recordingStream,
    // The page's own sentence for every refusal (the errors part, by code), never the server's English.
    wording: (code) => strings.t(Object.hasOwn(REFUSAL_KEYS, code) ? REFUSAL_KEYS[code] : strings.has(code) ? code : 'unknownError'),
  });
  return { session, api };
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

void startWidget(document);
