// Entry point: reads the page's configuration, builds the store, the components and the session,
// and starts the chat.

import { ApiClient } from './api.js';
import { ChatSession } from './session.js';
import { ChatStore } from './store.js';
import { Composer } from './components/composer.js';
import { ConnectionBanner } from './components/connection-banner.js';
import { Header } from './components/header.js';
import { Transcript } from './components/transcript.js';

/**
 * Reads the configuration the server rendered onto `<body>`.
 * @param {HTMLElement} body
 * @returns {{location: string, mode: string, locale: string}}
 */
export function readConfig(body) {
  return {
    location: body.dataset.location || 'default',
    mode: body.dataset.mode || 'widget',
    locale: body.dataset.locale || document.documentElement.lang || 'en',
  };
}

/**
 * Wires the widget into the document and starts the chat.
 * @param {Document} doc
 * @returns {{store: ChatStore, session: ChatSession}}
 */
export function startWidget(doc) {
  const config = readConfig(doc.body);
  const store = new ChatStore();
  const api = new ApiClient();
  const session = new ChatSession({ api, store, location: config.location });

  const composer = new Composer(required(doc, '[data-composer]'), {
    onSend: (text) => {
      session.send(text);
      transcript.scrollToLatest();
    },
  });
  const transcript = new Transcript(required(doc, '[data-transcript]'), {
    store,
    template: required(doc, 'template[data-template="message"]'),
    locale: config.locale,
    onRetry: (clientId) => {
      session.retry(clientId);
      composer.focus();
    },
  });
  new Header(required(doc, '[data-header]'), { store });
  new ConnectionBanner(required(doc, '[data-connection-banner]'), { store });

  session.start();
  doc.body.dataset.ready = 'true';
  return { store, session };
}

function required(doc, selector) {
  const element = doc.querySelector(selector);
  if (element === null) throw new Error(`The page has no ${selector}`);
  return element;
}

startWidget(document);
