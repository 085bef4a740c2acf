// The tester's gallery (`GET /inspect` frames, `?inspect=1`): records every event of the tab's
// stream and gives each bubble a "Raw JSON" toggle showing the SSE event and the message JSON it
// came from. It starts the `gallery` scenario by sending one message into an empty chat (the other states' scenarios
// need none). Loaded
// only by pages that ask for it; it adds its controls to the transcript's items, which a
// component would not do, because it is a developer's tool and not part of the widget.

import { loadStylesheet } from './dom.js';
import { TabEventStream } from './events.js';

/** The text the gallery sends to start its scenario. */
export const GALLERY_TEXT = 'Show me every kind of message.';

/** Message id → the latest event that carried it. */
const records = new Map();
/** @type {() => void} */
let onEmptySnapshot = () => {};
let sawSnapshot = false;

/**
 * A TabEventStream that records each message's event before the session applies it.
 * @param {string} url
 * @returns {TabEventStream}
 */
export function recordingStream(url) {
  const stream = new TabEventStream(url);
  stream.addEventListener('event', (event) => {
    const { name, data, id } = /** @type {CustomEvent} */ (event).detail;
    if (name === 'snapshot') {
      for (const message of data?.messages ?? []) records.set(message.id, { name, id, data: null, message });
      // After the session has applied the snapshot (listeners run before queued microtasks).
      if (!sawSnapshot && (data?.messages ?? []).length === 0) queueMicrotask(() => onEmptySnapshot());
      sawSnapshot = true;
    } else if (typeof data?.message?.id === 'string') {
      records.set(data.message.id, { name, id, data, message: data.message });
    }
  });
  return stream;
}

/**
 * The event and message JSON behind one bubble, as text for a `<pre>`.
 * @param {{name: string, id: string, data: unknown, message: unknown} | undefined} record
 * @returns {string}
 */
export function describe(record) {
  if (!record) return 'No event recorded for this message (it came from history).';
  const data = record.data === null ? '(the snapshot; this message is one of its messages)' : JSON.stringify(record.data);
  return `event: ${record.name}\nid: ${record.id}\ndata: ${data}\n\nmessage:\n${JSON.stringify(record.message, null, 2)}`;
}

/**
 * Adds the toggles to the transcript's bubbles as they appear, and starts the scenario.
 * @param {Document} doc
 * @param {{store: import('./store.js').ChatStore, session: import('./session.js').ChatSession}} deps
 */
export function startInspect(doc, { session }) {
  const list = doc.querySelector('[data-transcript-list]');
  if (list === null) return;
  void loadStylesheet(doc, '/static/css/inspect.css');
  // Only the `gallery` scenario waits for a message; the gallery's other states (a pre-chat form, an invitation)
  // are what a new visitor sees before writing anything.
  if (new URLSearchParams(doc.defaultView?.location.search).get('location') === 'gallery') {
    onEmptySnapshot = () => session.send(GALLERY_TEXT);
  }
  const decorate = () => {
    for (const bubble of list.querySelectorAll('.transcript-item .transcript-bubble')) {
      if (bubble.querySelector('[data-inspect-toggle]')) continue;
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'transcript-action';
      button.dataset.inspectToggle = '';
      button.setAttribute('aria-expanded', 'false');
      button.textContent = 'Raw JSON';
      const pre = doc.createElement('pre');
      pre.className = 'transcript-inspect';
      pre.dataset.inspectJson = '';
      pre.hidden = true;
      bubble.append(button, pre);
    }
  };
  new MutationObserver(decorate).observe(list, { childList: true });
  list.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-inspect-toggle]') : null;
    if (button === null) return;
    const item = /** @type {HTMLElement} */ (button.closest('.transcript-item'));
    const pre = /** @type {HTMLElement} */ (button.nextElementSibling);
    const open = pre.hidden;
    // Filled on opening, so it shows the message's latest event (a keyboard's completion, a filled quote).
    if (open) pre.textContent = describe(records.get(item.dataset.messageId));
    pre.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  });
  decorate();
}
