// Where the files a visitor picks, drops or pastes go: one alone to the chat at once, after the chat's limits let it
// (file-upload.js); several at once, or more while the tray is open, to the file tray (components/file-tray.js,
// loaded then). Loaded the first time the visitor gives a file; a visitor who sends none never downloads it.

import { checkFile } from './file-upload.js';

/** @type {Promise<import('./components/file-tray.js').FileTray> | null} The page's file tray, once asked for. */
let tray = null;

/**
 * Checks each file against the chat's limits, read afresh (the snapshot's copy may be the server's
 * defaults from before the service answered), and sends those that pass; the composer says why a
 * file was refused.
 * @param {File[]} files
 * @param {object} deps
 * @param {import('./session.js').ChatSession} deps.session
 * @param {import('./store.js').ChatStore} deps.store
 * @param {import('./i18n.js').Strings} deps.strings
 * @param {import('./components/composer.js').Composer} deps.composer
 * @param {import('./components/transcript.js').Transcript} deps.transcript
 */
export async function uploadFiles(files, { session, store, strings, composer, transcript }) {
  // Several files (or more while the tray is open) go to the file tray, to be sent as one message with a caption.
  if (files.length > 1 || (await tray)?.isOpen) {
    tray ??= import('./components/file-tray.js').then(
      (module) => module.startFileTray(document, { session, store, strings, composer }),
      (error) => {
        tray = null;
        throw error;
      },
    );
    try {
      return (await tray).add(files);
    } catch {
      return composer.showError(strings.t('uploadFailed'));
    }
  }
  await Promise.allSettled([session.loadLimits(), strings.load('parts')]);
  for (const file of files) {
    const problem = checkFile(file, store.limits, strings);
    composer.showError(problem);
    if (problem === null) session.upload(file);
  }
  transcript.scrollToLatest();
}
