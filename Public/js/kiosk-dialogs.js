// Kiosk dialog policy: on a shared screen the page must never open one of the operating system's
// dialogs (open, save, print). From a file dialog a passer-by browses the kiosk account's files and, on
// some desktops, starts programs. The page itself offers none (no picker unless the server runs with
// --kiosk-uploads, no download, no print button); this closes the browser's own ways to one: its
// shortcuts, the page's context menu ("Save as…", "Print…"), a file dropped on the page (which the
// browser would open in place of the chat), and the print and file-picker functions.

/** Ctrl or ⌘ with these keys opens the print, save or open dialog (with Shift, the system's print dialog). */
const DIALOG_KEYS = new Set(['p', 's', 'o']);
/** Fields whose own menu (cut, copy, paste) replaces the page's; a radio button or check box shows the page's. */
const TEXT_FIELDS = 'textarea, input:not([type]), input:is([type=text], [type=email], [type=search], [type=tel], [type=url])';

/**
 * Whether a key press asks the browser for one of its dialogs.
 * @param {{key: string, ctrlKey: boolean, metaKey: boolean, altKey: boolean}} event
 * @returns {boolean}
 */
export function opensDialog(event) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && DIALOG_KEYS.has(String(event.key).toLowerCase());
}

/**
 * Keeps the browser's dialogs shut. Listens in the capture phase on the document, so it decides before any
 * component's handler; a drop the page takes (`--kiosk-uploads`) still reaches the chat's own handler.
 * @param {Document} doc
 * @param {Window & typeof globalThis} win
 */
export function guardDialogs(doc, win) {
  doc.addEventListener('keydown', (event) => {
    if (opensDialog(event)) event.preventDefault();
  }, true);
  // A text field keeps its own menu (paste, which an on-screen keyboard may need); it offers no dialog.
  doc.addEventListener('contextmenu', (event) => {
    if (!(event.target instanceof Element && event.target.closest(TEXT_FIELDS))) event.preventDefault();
  }, true);
  for (const type of ['dragover', 'drop']) {
    doc.addEventListener(type, (event) => event.preventDefault(), true);
  }
  win.print = () => {};
  for (const name of ['showOpenFilePicker', 'showSaveFilePicker', 'showDirectoryPicker']) {
    if (name in win) win[name] = undefined;
  }
}
