// The one argument every wiring here takes: the page main.js builds. This file holds its type alone; the wirings
// name it in their JSDoc, so the browser never loads it.

/**
 * The page being wired: its document and configuration, its strings, store and session, and what wirings made that
 * others use (`parts`, `hints`, `composer`, `transcript`, set in that order). A wiring made before one of those reads
 * it only when the visitor acts, by which time main.js has made them all.
 * @typedef {object} Page
 * @property {Document} doc
 * @property {import('../config.js').WidgetOptions} options `<body data-config>`, as the server checked it.
 * @property {{location: string, mode: string, locale: string, dir: string, theme: string | null}} config What main.js
 *   read from the options, the page and the kiosk's chosen language.
 * @property {string} language The locale the browser is told (the pseudo-locale's is `en`).
 * @property {boolean} kiosk
 * @property {boolean} takesFiles Whether the server rendered the file picker: where it did not, no way takes files.
 * @property {HTMLTemplateElement} template The message template (one `<li>`), translated.
 * @property {import('../i18n.js').Strings} strings
 * @property {import('../store.js').ChatStore} store
 * @property {import('../session.js').ChatSession} session
 * @property {import('../api.js').ApiClient} api
 * @property {import('./parts.js').Parts} parts What loads the first time it is needed.
 * @property {{sent: (text: string) => boolean}} hints The suggested questions (composer-parts.js).
 * @property {import('../components/composer.js').Composer} composer
 * @property {import('../components/transcript.js').Transcript} transcript
 */

export {};
