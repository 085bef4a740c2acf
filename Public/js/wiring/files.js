// Files the visitor gives: picked or pasted (the composer's), or dropped anywhere on the chat. uploads.js loads the
// first time one comes. The server renders the file picker only where files may be sent (a kiosk has none unless
// its server runs with --kiosk-uploads); without it no other way takes files either: no paste, no drop.

import { required } from '../dom.js';

/**
 * @param {import('./page.js').Page} page Its `composer` and `transcript`, read when files come.
 * @returns {(files: File[]) => Promise<void>} Sends files as uploads.js routes them; a failed load says so.
 */
export function fileSender(page) {
  const { session, store, strings } = page;
  return (files) =>
    import('../uploads.js').then(
      ({ uploadFiles }) => uploadFiles(files, { session, store, strings, composer: page.composer, transcript: page.transcript }),
      () => page.composer.showError(strings.t('uploadFailed')),
    );
}

/**
 * Uploads files dropped anywhere on the chat, where the page takes files.
 * @param {import('./page.js').Page} page
 * @param {(files: File[]) => Promise<void>} upload
 */
export function wireFileDrop({ doc, takesFiles }, upload) {
  const frame = required(doc, '.widget-frame');
  if (!takesFiles) return;
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
