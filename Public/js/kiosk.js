// Kiosk mode (a visitor at a shared touch screen): the chat fills the screen, links are inert, no
// dialog of the operating system opens (file, save, print), and after a spell without input a visible
// countdown erases the chat for the next visitor. While nobody chats, the attract screen invites
// (kiosk-attract.js). The bar at the foot of the screen, within reach from a wheelchair, holds the
// chat's actions, larger text and high contrast (kiosk-comforts.js), "Start new chat" (erase, then a
// fresh chat at once) and "End and erase" (erase, then the attract screen), each after one big
// confirming tap. The reset deletes the tab with its visitor data on the server, wipes this origin's
// storage and loads the page afresh, so no state of the previous visitor (transcript, draft, quote chip,
// lightbox, form fields, text size, closures) survives.

import { deleteTab, wipeStorage } from './erase.js';
import { AttractScreen, reloadInto, startHash, startLocale } from './kiosk-attract.js';
import { startComforts } from './kiosk-comforts.js';
import { guardDialogs } from './kiosk-dialogs.js';
import { guardLinks } from './kiosk-links.js';
import { IdleCountdown } from './kiosk-timer.js';
import { directionOf } from './i18n.js';
import { fetchLocationStatus } from './location-status.js';

/** While the chat service is down, how often the kiosk asks whether it is back. */
const SERVICE_CHECK_MS = 15_000;
/** `error.transient` types that mean the chat service is not answering. */
const SERVICE_DOWN = new Set(['noNetworkConnection', 'serverIsNotAvailable']);

/**
 * How this kiosk page was loaded: into a chat (a language chosen on the attract screen, or "Start new chat", say so
 * in the hash `#start=<locale>`) or not. The hash goes at once: a reload must not skip the attract screen again.
 * @returns {{started: boolean, language?: {locale: string, dir: string}}}
 */
export function enterKiosk() {
  const hash = location.hash;
  if (hash) history.replaceState(null, '', location.pathname + location.search);
  const locale = startLocale(hash);
  const language = locale === null ? undefined : { locale, dir: directionOf(locale) };
  return { started: hash.startsWith('#start='), language };
}

/**
 * The kiosk settings the server rendered onto `<body>` (every one, from its `KioskConfiguration`: the page keeps no
 * defaults of its own), or null when this is not a kiosk page.
 * @param {HTMLElement} body
 * @returns {{idleMs: number, countdownMs: number, allowedHosts: string[], languages: string[], keyboard: string} | null}
 */
export function readKioskConfig(body) {
  if (body.dataset.mode !== 'kiosk') return null;
  const words = (value) => (value ?? '').split(/\s+/).filter(Boolean);
  return {
    idleMs: Number(body.dataset.kioskIdleSeconds) * 1000,
    countdownMs: Number(body.dataset.kioskCountdownSeconds) * 1000,
    allowedHosts: words(body.dataset.kioskAllowedHosts),
    languages: words(body.dataset.kioskLanguages),
    keyboard: body.dataset.kioskKeyboard ?? '',
  };
}

/** The kiosk controller: attract screen, idle countdown, the bar's actions, link and dialog policy, service state. */
export class Kiosk {
  #doc;
  #strings;
  #session;
  #locale;
  #location;
  #timer;
  #countdown;
  #confirm;
  #seconds;
  #attract;
  #serviceNotice;
  /** @type {ReturnType<typeof setInterval> | null} */
  #serviceCheck = null;
  /** Where the confirmed reset goes: the attract screen, or a fresh chat at once. */
  #after = /** @type {'attract' | 'chat'} */ ('attract');
  #resetting = false;
  /** The tap that cancels the countdown must not also press whatever lies under the overlay. */
  #swallowClick = false;

  /**
   * @param {Document} doc
   * @param {object} deps
   * @param {{locale: string, location: string}} deps.config The page's.
   * @param {import('./i18n.js').Strings} deps.strings
   * @param {import('./session.js').ChatSession} deps.session
   * @param {string} deps.title The chat's title, for the attract screen.
   */
  constructor(doc, { config: { locale, location }, strings, session, title }) {
    const config = /** @type {NonNullable<ReturnType<typeof readKioskConfig>>} */ (readKioskConfig(doc.body));
    this.#doc = doc;
    this.#strings = strings;
    this.#session = session;
    this.#locale = locale;
    this.#location = location;
    this.#countdown = /** @type {HTMLElement} */ (doc.querySelector('[data-kiosk-countdown]'));
    this.#confirm = /** @type {HTMLElement} */ (doc.querySelector('[data-kiosk-confirm]'));
    this.#seconds = /** @type {HTMLElement} */ (doc.querySelector('[data-kiosk-seconds]'));
    this.#serviceNotice = /** @type {HTMLElement} */ (doc.querySelector('[data-kiosk-service-down]'));
    this.#timer = new IdleCountdown({ idleMs: config.idleMs, countdownMs: config.countdownMs });
    this.#attract = new AttractScreen(/** @type {HTMLElement} */ (doc.querySelector('[data-kiosk-attract]')), {
      strings,
      location,
      locale,
      languages: config.languages,
      title,
      onStatus: (up) => this.#serviceState(up),
    });

    guardLinks(doc, /** @type {any} */ (doc.defaultView), config.allowedHosts);
    guardDialogs(doc, /** @type {any} */ (doc.defaultView));
    // The browser must not offer one visitor's name or e-mail to the next as an autofill suggestion.
    for (const form of doc.querySelectorAll('form')) form.autocomplete = 'off';
    // A file picker, a radio button or a check box remembers nothing, and `autocomplete` is not valid on them.
    for (const field of doc.querySelectorAll('input:not([type=file]):not([type=radio]):not([type=checkbox]), textarea')) {
      field.setAttribute('autocomplete', 'off');
    }
    // The chat's own actions (rate, transcript, close) join the bar at the foot of the screen, within reach.
    const actions = doc.querySelector('[data-chat-actions]');
    if (actions) doc.querySelector('[data-kiosk-actions]')?.prepend(actions);
    startComforts(doc);
    this.#listenForInput();
    this.#followKeyboard();

    this.#timer.addEventListener('countdown', (event) => this.#showCountdown(/** @type {CustomEvent} */ (event).detail.secondsLeft));
    this.#timer.addEventListener('tick', (event) => this.#showSeconds(/** @type {CustomEvent} */ (event).detail.secondsLeft));
    this.#timer.addEventListener('cancel', () => {
      this.#countdown.hidden = true;
    });
    this.#timer.addEventListener('expire', () => void this.reset('attract'));

    doc.querySelector('[data-kiosk-new]')?.addEventListener('click', () => this.#ask('chat'));
    doc.querySelector('[data-kiosk-end]')?.addEventListener('click', () => this.#ask('attract'));
    this.#confirm.querySelector('[data-kiosk-confirm-yes]')?.addEventListener('click', () => void this.reset(this.#after));
    this.#confirm.querySelector('[data-kiosk-confirm-no]')?.addEventListener('click', () => {
      this.#confirm.hidden = true;
    });
    session.addEventListener('transientError', (event) => {
      if (SERVICE_DOWN.has(/** @type {CustomEvent} */ (event).detail?.type)) this.#serviceState(false);
    });
    for (const type of ['messageAdded', 'uploadProgress']) session.addEventListener(type, () => this.activity());
    // Chromium on Linux, the usual kiosk system, has no on-screen keyboard: the page brings its own.
    if (config.keyboard === 'auto' || config.keyboard === 'onscreen') {
      const host = doc.querySelector('.widget-frame');
      // A field touched while the keyboard loads gets it once it is in.
      let touched = /** @type {EventTarget | null} */ (null);
      const early = (/** @type {PointerEvent} */ event) => {
        touched = event.pointerType === 'touch' ? event.target : null;
      };
      doc.addEventListener('pointerdown', early, true);
      import('./components/onscreen-keyboard.js').then(
        (m) => {
          doc.removeEventListener('pointerdown', early, true);
          const keyboard = m.startOnscreenKeyboard(doc, { strings, mode: config.keyboard, locale, languages: config.languages, host });
          const field = doc.activeElement;
          if (m.isTextField(field) && (config.keyboard === 'onscreen' || field === touched)) void keyboard.show(field);
        },
        (error) => console.warn('The on-screen keyboard did not load', error),
      );
    }
  }

  /**
   * Waits until a visitor is at the screen: at once when the page was loaded into a chat (`#start=`), else when the
   * visitor touches the attract screen. The idle countdown runs from then on.
   * @param {boolean} started
   * @returns {Promise<void>}
   */
  async admit(started) {
    if (started) this.#attract.hide();
    else await this.#attract.show(/** @type {HTMLElement} */ (this.#doc.querySelector('.widget-frame')));
    this.#timer.start();
  }

  /** Something happened that shows the chat is in use (a new message, upload progress): restarts the idle wait. */
  activity() {
    this.#timer.activity();
  }

  /**
   * Erases this visitor: deletes the tab and its data on the server, wipes storage, loads a fresh page, into the
   * attract screen or (`chat`, the same visitor asked for a new chat) straight into a chat in the same language.
   * The session stops first, so late events from the old tab change nothing on the way out.
   * @param {'attract' | 'chat'} [after]
   */
  async reset(after = 'attract') {
    if (this.#resetting) return;
    this.#resetting = true;
    this.#timer.stop();
    this.#serviceState(true);
    const tabId = this.#session.keptTabId;
    this.#session.stop();
    // Hide the old chat at once: the server may take a moment to answer.
    this.#doc.body.dataset.kioskResetting = 'true';
    this.#countdown.hidden = true;
    this.#confirm.hidden = true;
    const lightbox = /** @type {HTMLDialogElement | null} */ (this.#doc.querySelector('[data-lightbox]'));
    lightbox?.close();
    wipeStorage();
    if (tabId !== null) await deleteTab(tabId);
    // Storage is wiped again: nothing written while the request was out may reach the next visitor.
    wipeStorage();
    reloadInto(after === 'chat' ? startHash(this.#locale) : '');
  }

  /** Asks before erasing, with the words of what follows. */
  #ask(after) {
    this.#after = after;
    const end = after === 'attract';
    const text = /** @type {HTMLElement} */ (this.#confirm.querySelector('[data-kiosk-confirm-text]'));
    const yes = /** @type {HTMLElement} */ (this.#confirm.querySelector('[data-kiosk-confirm-yes]'));
    text.textContent = this.#strings.t(end ? 'kioskEndConfirm' : 'kioskConfirm');
    yes.textContent = this.#strings.t(end ? 'kioskEndConfirmYes' : 'kioskConfirmYes');
    this.#confirm.hidden = false;
    yes.focus();
  }

  /**
   * Says in plain words while the chat service is down, and asks every little while whether it is back; what the
   * visitor writes meanwhile waits in the outbox. The reset works either way: it needs only this server.
   * @param {boolean} up
   */
  #serviceState(up) {
    if (this.#serviceNotice) this.#serviceNotice.hidden = up;
    if (up && this.#serviceCheck !== null) {
      clearInterval(this.#serviceCheck);
      this.#serviceCheck = null;
    } else if (!up && this.#serviceCheck === null && !this.#resetting) {
      this.#serviceCheck = setInterval(async () => {
        const answer = await fetchLocationStatus(this.#location);
        if (answer?.reachable) this.#serviceState(true);
      }, SERVICE_CHECK_MS);
    }
  }

  #showCountdown(secondsLeft) {
    this.#confirm.hidden = true;
    this.#showSeconds(secondsLeft);
    this.#countdown.hidden = false;
    /** @type {HTMLElement | null} */ (this.#countdown.querySelector('[data-kiosk-continue]'))?.focus();
  }

  #showSeconds(secondsLeft) {
    this.#seconds.textContent = this.#strings.t('kioskSeconds', { n: secondsLeft });
  }

  /** Only real input counts: a script's synthetic event never keeps a chat alive. */
  #listenForInput() {
    const onInput = (event) => {
      if (!event.isTrusted || this.#resetting) return;
      if (event.type === 'pointerdown') this.#swallowClick = this.#timer.phase === 'counting';
      this.#timer.cancel();
    };
    for (const type of ['pointerdown', 'touchstart', 'keydown', 'input', 'wheel']) {
      this.#doc.addEventListener(type, onInput, { capture: true, passive: true });
    }
    this.#doc.addEventListener('click', (event) => {
      if (!this.#swallowClick) return;
      this.#swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    }, true);
  }

  /** Keeps the composer above a system's on-screen keyboard: the frame follows the visual viewport. */
  #followKeyboard() {
    const viewport = this.#doc.defaultView?.visualViewport;
    if (!viewport) return;
    // On <body>, where the inline value beats theme.css's kiosk defaults.
    const style = this.#doc.body.style;
    const follow = () => {
      // Zoomed in by a pinch, the visual viewport is a part of the page: the frame keeps its size, so zoom enlarges.
      if (viewport.scale > 1.01) {
        style.removeProperty('--chat-viewport-height');
        style.removeProperty('--chat-viewport-top');
        return;
      }
      style.setProperty('--chat-viewport-height', `${viewport.height}px`);
      style.setProperty('--chat-viewport-top', `${viewport.offsetTop}px`);
    };
    viewport.addEventListener('resize', follow);
    viewport.addEventListener('scroll', follow);
    follow();
  }
}
