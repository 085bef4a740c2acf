// A short beep for a new operator message, through Web Audio. main.js creates the beeper on the
// visitor's first key or pointer press: browsers only let a page play sound after an interaction.

/** Plays a beep (silently nothing where Web Audio is missing). */
export class Beeper {
  /** @type {AudioContext | null} */
  #context = null;

  constructor() {
    if (typeof AudioContext === 'undefined') return;
    this.#context = new AudioContext();
    void this.#context.resume().catch(() => {});
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
