// Sizes written as the page's language writes them (Intl's units: "64 bytes", "12 kB", "1,5 МБ", "١٢ ك.بايت").
// Only the parts that show files load it (attachments, quotes, uploads), so the page's first load does not.

const KIB = 1024;

/**
 * A file size for people in `locale` (the page's `<html lang>` when not given): whole bytes spelled out, whole
 * kilobytes, megabytes to one decimal.
 * @param {number | null | undefined} bytes
 * @param {string} [locale]
 * @returns {string}
 */
export function formatSize(bytes, locale = globalThis.document?.documentElement.lang) {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '';
  const kilobytes = Math.round(bytes / KIB);
  if (bytes < KIB) return unitFormat(locale, 'byte', 'long', 0).format(bytes);
  if (kilobytes < KIB) return unitFormat(locale, 'kilobyte', 'short', 0).format(kilobytes);
  return unitFormat(locale, 'megabyte', 'short', 1).format(bytes / KIB / KIB);
}

function unitFormat(locale, unit, unitDisplay, maximumFractionDigits) {
  const options = /** @type {const} */ ({ style: 'unit', unit, unitDisplay, maximumFractionDigits });
  try {
    return new Intl.NumberFormat(locale || undefined, options);
  } catch {
    return new Intl.NumberFormat(undefined, options);
  }
}
