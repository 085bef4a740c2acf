// A short beep for a new operator message, through Web Audio. Browsers only let a page play sound
// after the visitor has interacted with it, so the audio context is created on the first key press
// or pointer press.

/** Plays a beep once the page has been interacted with. */
export class Beeper {
  /** @type {AudioContext | null} */
  #context = null;

  /** @param {EventTarget} target Where to listen for the first interaction (the document). */
  constructor(target) {
    const unlock = () => {
      if (this.#context !== null || typeof AudioContext === 'undefined') return;
      this.#context = new AudioContext();
      void this.#context.resume().catch(() => {});
    };
    target.addEventListener('pointerdown', unlock, { capture: true });
    target.addEventListener('keydown', unlock, { capture: true });
  }

  /** Plays 120 ms of 880 Hz (nothing before the first interaction). */
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
