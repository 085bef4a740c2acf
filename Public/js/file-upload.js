// One file to the server: whether the chat's limits let it go (`checkFile`), and its upload with progress
// (`sendFile`). Files sent one at a time (uploads.js, session.js) and the file tray, which uploads.js loads, share it;
// it is apart from uploads.js so that the tray does not import the module that loads it.

import { ApiError, decode, unreachable } from '../shared/api.js';
import { formatSize } from './format.js';

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
