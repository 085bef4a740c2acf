// Sizes written for people. Only the parts that show files load it (attachments, quotes, uploads),
// so the page's first load does not.

/**
 * A file size for people: 1.5 MB, 12 KB, 300 B.
 * @param {number | null | undefined} bytes
 * @returns {string}
 */
export function formatSize(bytes) {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}
