// The composer: what the visitor writes goes to the session, and the files picked or pasted to `upload` (files.js).

import { Composer } from '../components/composer.js';
import { required } from '../dom.js';

/**
 * @param {import('./page.js').Page} page Its `hints` and `transcript`, read as the visitor sends.
 * @param {(files: File[]) => Promise<void>} upload
 * @returns {Composer}
 */
export function wireComposer(page, upload) {
  const { doc, strings, session, takesFiles } = page;
  return new Composer(/** @type {HTMLFormElement} */ (required(doc, '[data-composer]')), {
    strings,
    onSend: (text, quote) => {
      // An unedited chosen suggestion goes with `hintQuestion` (a reply is the visitor's own words).
      const hintQuestion = page.hints.sent(text) && !quote;
      session.send(text, { quote, hintQuestion });
      page.transcript.scrollToLatest();
    },
    onEdit: (id, text) => {
      page.hints.sent(text);
      session.edit(id, text);
      session.typing(null);
    },
    onFiles: takesFiles ? (files) => void upload(files) : null,
    onTyping: (draft) => session.typing(draft),
  });
}
