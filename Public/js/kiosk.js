// Kiosk mode (a visitor at a shared touch screen): the chat fills the screen, links are inert, no
// dialog of the operating system opens (file, save, print), and after a spell without input a visible
// countdown erases the chat for the next visitor. "Start new
// chat" does the same at once, after one big confirming tap. The reset deletes the tab with its
// visitor data on the server, wipes this origin's storage and loads the page afresh, so no state of
// the previous visitor (transcript, draft, quote chip, lightbox, form fields, closures) survives.

import { deleteTab, wipeStorage } from './erase.js';
import { guardDialogs } from './kiosk-dialogs.js';
import { guardLinks } from './kiosk-links.js';
import { IdleCountdown } from './kiosk-timer.js';

/**
 * The kiosk settings the server rendered onto `<body>`, or null when this is not a kiosk page.
 * @param {HTMLElement} body
 * @returns {{idleMs: number, countdownMs: number, allowedHosts: string[]} | null}
 */
export function readKioskConfig(body) {
  if (body.dataset.mode !== 'kiosk') return null;
  const seconds = (value, fallback) => (Number(value) >= 1 ? Number(value) : fallback);
  return {
    idleMs: seconds(body.dataset.kioskIdleSeconds, 90) * 1000,
    countdownMs: seconds(body.dataset.kioskCountdownSeconds, 15) * 1000,
    allowedHosts: (body.dataset.kioskAllowedHosts ?? '').split(/\s+/).filter(Boolean),
  };
}

/** The kiosk controller: idle countdown, "Start new chat", link and dialog policy and the on-screen keyboard. */
export class Kiosk {
  #doc;
  #strings;
  #session;
  #timer;
  #countdown;
  #confirm;
  #seconds;
  #resetting = false;
  /** The tap that cancels the countdown must not also press whatever lies under the overlay. */
  #swallowClick = false;

  /**
   * @param {Document} doc
   * @param {object} deps
   * @param {{idleMs: number, countdownMs: number, allowedHosts: string[]}} deps.config
   * @param {import('./i18n.js').Strings} deps.strings
   * @param {import('./session.js').ChatSession} deps.session
   */
  constructor(doc, { config, strings, session }) {
    this.#doc = doc;
    this.#strings = strings;
    this.#session = session;
    this.#countdown = /** @type {HTMLElement} */ (doc.querySelector('[data-kiosk-countdown]'));
    this.#confirm = /** @type {HTMLElement} */ (doc.querySelector('[data-kiosk-confirm]'));
    this.#seconds = /** @type {HTMLElement} */ (doc.querySelector('[data-kiosk-seconds]'));
    this.#timer = new IdleCountdown({ idleMs: config.idleMs, countdownMs: config.countdownMs });

    guardLinks(doc, /** @type {any} */ (doc.defaultView), config.allowedHosts);
    guardDialogs(doc, /** @type {any} */ (doc.defaultView));
    // The browser must not offer one visitor's name or e-mail to the next as an autofill suggestion.
    for (const form of doc.querySelectorAll('form')) form.autocomplete = 'off';
    // A file picker, a radio button or a check box remembers nothing, and `autocomplete` is not valid on them.
    for (const field of doc.querySelectorAll('input:not([type=file]):not([type=radio]):not([type=checkbox]), textarea')) {
      field.setAttribute('autocomplete', 'off');
    }
    this.#listenForInput();
    this.#followKeyboard();

    this.#timer.addEventListener('countdown', (event) => this.#showCountdown(/** @type {CustomEvent} */ (event).detail.secondsLeft));
    this.#timer.addEventListener('tick', (event) => this.#showSeconds(/** @type {CustomEvent} */ (event).detail.secondsLeft));
    this.#timer.addEventListener('cancel', () => {
      this.#countdown.hidden = true;
    });
    this.#timer.addEventListener('expire', () => void this.reset());

    doc.querySelector('[data-kiosk-new]')?.addEventListener('click', () => {
      this.#confirm.hidden = false;
      /** @type {HTMLElement | null} */ (this.#confirm.querySelector('[data-kiosk-confirm-yes]'))?.focus();
    });
    this.#confirm.querySelector('[data-kiosk-confirm-yes]')?.addEventListener('click', () => void this.reset());
    this.#confirm.querySelector('[data-kiosk-confirm-no]')?.addEventListener('click', () => {
      this.#confirm.hidden = true;
    });
    this.#timer.start();
  }

  /** Something happened that shows the chat is in use (a new message, upload progress): restarts the idle wait. */
  activity() {
    this.#timer.activity();
  }

  /**
   * Erases this visitor: deletes the tab and its data on the server, wipes storage, loads a fresh page.
   * The session stops first, so late events from the old tab change nothing on the way out.
   */
  async reset() {
    if (this.#resetting) return;
    this.#resetting = true;
    this.#timer.stop();
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
    // `replace` leaves no history entry, so "back" cannot bring the previous visitor's page.
    this.#doc.defaultView?.location.replace(this.#doc.defaultView.location.href);
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

  /** Keeps the composer above the on-screen keyboard: the frame follows the visual viewport. */
  #followKeyboard() {
    const viewport = this.#doc.defaultView?.visualViewport;
    if (!viewport) return;
    // On <body>, where the inline value beats theme.css's kiosk defaults.
    const style = this.#doc.body.style;
    const follow = () => {
      style.setProperty('--chat-viewport-height', `${viewport.height}px`);
      style.setProperty('--chat-viewport-top', `${viewport.offsetTop}px`);
    };
    viewport.addEventListener('resize', follow);
    viewport.addEventListener('scroll', follow);
    follow();
  }
}
