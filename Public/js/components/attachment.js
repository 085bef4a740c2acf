// Files inside a message: image thumbnails that open in the lightbox (lightbox.js), download cards
// for other files (on a kiosk, the same card with nothing to follow: a download could open the
// system's save dialog on a shared screen), upload progress and errors.

import { el, safeUrl } from '../dom.js';
import { formatSize } from '../format.js';
import { icon } from '../icons.js';

/**
 * Renders `message.attachment` into the files container and the progress bar.
 * Click hook: `data-file-open` (the image URL) on thumbnails.
 * @param {HTMLElement} root `[data-message-files]`
 * @param {HTMLProgressElement} progress `[data-message-progress]`
 * @param {import('../store.js').Message} message
 * @param {import('../i18n.js').Strings} strings
 * @param {{links?: boolean}} [options] `links: false` shows files that are no image as cards without a link.
 */
export function renderAttachment(root, progress, message, strings, { links = true } = {}) {
  const attachment = message.attachment;
  const files = Array.isArray(attachment?.files) ? attachment.files.filter(Boolean) : [];
  const uploading = attachment?.state === 'upload';
  progress.hidden = !uploading;
  if (uploading) {
    progress.value = Number(attachment.progress) || 0;
    progress.setAttribute('aria-label', strings.t('uploading', { name: files[0]?.name ?? '' }));
  }
  root.hidden = attachment === null;
  if (attachment === null) return root.replaceChildren();
  root.dataset.attachmentState = attachment.state ?? 'ready';
  const nodes = files.map((file) => (attachment.state === 'ready' || !attachment.state ? renderFile(file, strings, links) : renderPending(file)));
  if (attachment.state === 'error') {
    nodes.push(el('p', 'transcript-file-error', attachment.errorMessage || strings.t('uploadFailed')));
  } else if (attachment.state === 'externalChecks') {
    nodes.push(el('p', 'transcript-file-note', strings.t('checking')));
  }
  root.replaceChildren(...nodes);
}

/** The size and type, in their own direction: "593 B · application/pdf" reads the same on a right-to-left page. */
function metaOf(file) {
  const meta = el('span', 'transcript-file-meta', [formatSize(file.size), typeof file.contentType === 'string' ? file.contentType : ''].filter(Boolean).join(' · '));
  meta.dir = 'auto';
  return meta;
}

function renderPending(file) {
  const card = el('span', 'transcript-file');
  card.append(nameOf(String(file.name ?? '')), metaOf(file));
  return card;
}

function renderFile(file, strings, links) {
  const name = typeof file.name === 'string' ? file.name : '';
  const url = safeUrl(file.url, true);
  const thumb = safeUrl(file.thumbUrl, true) ?? (file.image ? url : null);
  if (file.image && thumb !== null && url !== null) {
    const button = el('button', 'transcript-thumb');
    button.type = 'button';
    button.dataset.fileOpen = url;
    button.dataset.fileName = name;
    button.setAttribute('aria-label', strings.t('openImage', { name }));
    const img = /** @type {HTMLImageElement} */ (el('img', 'transcript-thumb-image'));
    img.src = thumb;
    img.alt = name;
    img.loading = 'lazy';
    if (file.image.width > 0 && file.image.height > 0) {
      img.width = Math.min(240, file.image.width);
      img.height = Math.round((img.width * file.image.height) / file.image.width);
    }
    button.append(img);
    return button;
  }
  const link = links && url !== null;
  const card = /** @type {HTMLAnchorElement} */ (el(link ? 'a' : 'span', 'transcript-file'));
  if (link) {
    card.href = url;
    card.download = name;
    card.dataset.fileLink = '';
  }
  card.append(icon('file', 'transcript-file-icon'), nameOf(name), metaOf(file));
  return card;
}

/** A file's name, in the direction of its own letters (an English name on a right-to-left page). */
function nameOf(name) {
  const span = el('span', 'transcript-file-name', name);
  span.dir = 'auto';
  return span;
}
