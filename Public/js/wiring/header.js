// The header: its chat actions go to the session, rating and the transcript form to the panels.

import { Header } from '../components/header.js';
import { required } from '../dom.js';

/** @param {import('./page.js').Page} page */
export function wireHeader({ doc, store, strings, options, session, parts }) {
  new Header(required(doc, '[data-header]'), {
    store,
    strings,
    title: options.title || strings.t('title'),
    icon: options.icon,
    actions: {
      start: () => session.chat('start'),
      close: () => session.chat('close'),
      rate: () => void parts.panels().then(({ rating }) => rating.open()),
      transcript: () => void parts.panels().then(({ transcriptForm }) => transcriptForm.open()),
    },
  });
}
