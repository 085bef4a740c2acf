// A short beep for a new operator message, through Web Audio. main.js creates the beeper on the
// visitor's first key or pointer press: browsers only let a page play sound after an interaction.
// Every browser tab of a visitor hears the message; one of them beeps (the one in view, when one is).

/** How long a hidden tab lets a tab in view take the beep first, and how long the taken beep is held. */
const HIDDEN_WAIT_MS = 300;
const HELD_MS = 5000;

/** Plays a beep (silently nothing where Web Audio is missing). */
export class Beeper {
  /** @type {AudioContext | null} */
  #context = null;

  constructor() {
    if (typeof AudioContext === 'undefined') return;
    this.#context = new AudioContext();
    void this.#context.resume().catch(() => {});
  }

  /**
   * Beeps unless another tab of the visitor beeps for the same message (`name`): the first to take its Web Lock
   * does, a tab in view before a hidden one. Without Web Locks each tab beeps.
   * @param {string} name
   * @param {boolean} inView
   */
  beepOnce(name, inView) {
    const locks = globalThis.navigator?.locks;
    if (!locks) {
      this.beep();
      return;
    }
    const take = () =>
      locks
        .request(`webim-widget.beep.${name}`, { ifAvailable: true }, (lock) => {
          if (lock === null) return undefined;
          this.beep();
          return new Promise((resolve) => setTimeout(resolve, HELD_MS));
        })
        .catch(() => this.beep());
    if (inView) void take();
    else setTimeout(() => void take(), HIDDEN_WAIT_MS);
  }

  /** Plays 120 ms of 880 Hz. */
  beep() {
    const context = this.#context;
    if (context === null) return;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 880;
    gain.gain.value = 0.08;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.12);
  }
}
