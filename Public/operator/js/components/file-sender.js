// The file sender. It owns `[data-file-sender]`: pick a file, add an optional caption, send it to
// the selected visitor (read in the browser and posted as base64).

import { t } from '../i18n.js';

/** The largest file the console sends; the service reads request bodies up to 32 MB, base64 adds a third. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Sends a file as an operator message. */
export class FileSender {
  #store;
  #controller;
  #report;

  /**
   * @param {HTMLFormElement} root The `[data-file-sender]` form.
   * @param {object} deps
   * @param {import('../store.js').ConsoleStore} deps.store
   * @param {import('../controller.js').ConsoleController} deps.controller
   * @param {(message: string) => void} deps.report Shows an error to the operator.
   */
  constructor(root, { store, controller, report }) {
    this.#store = store;
    this.#controller = controller;
    this.#report = report;
    const input = /** @type {HTMLInputElement} */ (root.querySelector('[data-file-input]'));
    const caption = /** @type {HTMLInputElement} */ (root.querySelector('[data-file-caption]'));
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      const file = input.files?.[0];
      if (file !== undefined) void this.#send(file, caption.value.trim()).then((sent) => sent && root.reset());
    });
  }

  /**
   * Sends `file` to the selected visitor.
   * @param {File} file
   * @param {string} caption Empty for none.
   * @returns {Promise<boolean>} Whether it was sent.
   */
  async #send(file, caption) {
    const visitor = this.#store.selected;
    if (visitor === undefined) return false;
    if (file.size > MAX_FILE_BYTES) {
      this.#report(t('file.tooLarge', { name: file.name, megabytes: MAX_FILE_BYTES / (1024 * 1024) }));
      return false;
    }
    let base64;
    try {
      base64 = await readBase64(file);
    } catch (error) {
      this.#report(t('file.unreadable', { name: file.name, reason: String(error) }));
      return false;
    }
    return this.#controller.sendFile(visitor.visitorId, {
      filename: file.name,
      contentType: file.type || 'application/octet-stream',
      base64,
      ...(caption === '' ? {} : { caption }),
    });
  }
}

/**
 * A file's bytes as base64.
 * @param {Blob} file
 * @returns {Promise<string>}
 */
export async function readBase64(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // Chunks keep String.fromCharCode's argument list short.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
