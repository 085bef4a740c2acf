// Sending files: checking each against the chat's limits, then uploading it with its progress; several at once go to
// the file tray (components/file-tray.js, loaded then).
// Loaded the first time the visitor picks, drops or pastes a file; a visitor who sends none never
// downloads it.

import { ApiError, decode, unreachable } from '../shared/api.js';
import { formatSize } from './format.js';

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

/**
 * Why a file may not be uploaded under the server's limits, or null when it may.
 * @param {File} file
 * @param {{maxFileSize?: number, allowedTypes?: string[], uploadsAllowed?: boolean} | null} limits
 * @param {import('./i18n.js').Strings} strings
 * @returns {string | null}
 */
export function checkFile(file, limits, strings) {
  if (limits === null) return null;
  if (limits.uploadsAllowed === false) return strings.t('uploadsOff');
  if (typeof limits.maxFileSize === 'number' && limits.maxFileSize > 0 && file.size > limits.maxFileSize) {
    return strings.t('fileTooBig', { name: file.name, limit: formatSize(limits.maxFileSize) });
  }
  const types = Array.isArray(limits.allowedTypes) ? limits.allowedTypes.map((type) => String(type).toLowerCase()) : [];
  const extension = file.name.includes('.') ? file.name.split('.').pop().toLowerCase() : '';
  if (types.length > 0 && !types.includes(extension)) return strings.t('fileType', { type: extension || file.type || '?' });
  return null;
}

/**
 * Uploads one file with XHR, which (unlike fetch) reports upload progress.
 * @param {string} path The tab's `/files` route.
 * @param {File} file
 * @param {string} clientId
 * @param {(percent: number) => void} onProgress
 * @param {AbortSignal} [signal] Aborts the upload (the file tray's Cancel); the promise then rejects with `aborted`.
 * @returns {Promise<any>} The decoded answer; rejects with an ApiError.
 */
export function sendFile(path, file, clientId, onProgress, signal) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.addEventListener('abort', () => reject(new ApiError(0, 'aborted', 'The upload was cancelled.')));
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      try {
        resolve(decode(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('error', () => reject(unreachable()));
    const form = new FormData();
    form.append('clientId', clientId);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
