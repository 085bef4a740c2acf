// The transcript: each message's actions go to the session, the composer or the lightbox.

import { Transcript } from '../components/transcript.js';
import { required } from '../dom.js';

/**
 * @param {import('./page.js').Page} page
 * @returns {Transcript}
 */
export function wireTranscript({ doc, store, template, strings, language, kiosk, session, composer, parts }) {
  return new Transcript(required(doc, '[data-transcript]'), {
    store,
    template,
    strings,
    locale: language,
    // A kiosk saves no files: a download could open the system's save dialog on a shared screen.
    fileLinks: !kiosk,
    actions: {
      retry: (clientId) => session.retry(clientId),
      act: (message, action) => {
        if (action === 'delete') session.remove(message.id);
        else if (action === 'like' || action === 'dislike') session.react(message.id, action);
        else composer.target(action, message);
      },
      press: (messageId, buttonId) => session.pressButton(messageId, buttonId),
      insert: (text) => composer.insert(text),
      openImage: (url, name) => void parts.lightbox().then((viewer) => viewer.open(url, name)),
      loadOlder: () => void session.loadOlder(),
      giveContacts: (fields) => session.request('contacts', 'POST', '/contacts', fields),
      acceptActionRequest: (id) => session.request('accept', 'POST', `/messages/${encodeURIComponent(id)}/accept`, {}),
    },
  });
}
