// Entry point of the operator console: builds the store, the controller and the components, then
// follows the service's event stream.

import { ConsoleApi } from './api.js';
import { ConsoleController } from './controller.js';
import { ConsoleEvents } from './events.js';
import { loadConsoleStrings } from './i18n.js';
import { ConsoleStore } from './store.js';
import { Alerts } from './components/alerts.js';
import { ChatList } from './components/chat-list.js';
import { ChatView } from './components/chat-view.js';
import { Composer } from './components/composer.js';
import { ConnectionIndicator } from './components/connection-indicator.js';
import { FileSender } from './components/file-sender.js';
import { KeyboardBuilder } from './components/keyboard-builder.js';
import { StatusForm } from './components/status-form.js';
import { Transcript } from './components/transcript.js';
import { VisitorPanel } from './components/visitor-panel.js';

/** Themes a `?theme=` query may choose; anything else follows the system. */
const THEMES = new Set(['light', 'dark']);

/**
 * Wires the console into the document and starts following the service.
 * @param {Document} doc
 * @returns {{store: ConsoleStore, controller: ConsoleController, events: ConsoleEvents}}
 */
export function startConsole(doc) {
  const theme = new URLSearchParams(doc.location?.search ?? '').get('theme');
  if (theme !== null && THEMES.has(theme)) doc.documentElement.dataset.theme = theme;

  const api = new ConsoleApi();
  const store = new ConsoleStore();
  const alerts = new Alerts(required(doc, '[data-alerts]'), { template: template(doc, 'alert') });
  const report = (message) => alerts.report(message);
  const controller = new ConsoleController({ api, store, report });

  new ConnectionIndicator(required(doc, '[data-connection]'), { store });
  new StatusForm(required(doc, '[data-status-form]'), { store, controller });
  new ChatList(required(doc, '[data-chat-list]'), { store, template: template(doc, 'chat-item') });
  new ChatView(required(doc, '[data-chat-view]'), { store, controller });
  new VisitorPanel(required(doc, '[data-visitor-panel]'), { store, controller });
  const composer = new Composer(required(doc, '[data-composer]'), { store, controller });
  new Transcript(required(doc, '[data-transcript]'), {
    store,
    template: template(doc, 'message'),
    fileUrl: (visitorId, guid) => api.fileUrl(visitorId, guid),
    handlers: {
      quote: (message) => composer.quote(message),
      edit: (message) => composer.edit(message),
      remove: (message) => {
        const visitor = store.selected;
        // The row and its focused Delete button go away; the operator carries on in the answer box.
        if (visitor !== undefined) void controller.remove(visitor.visitorId, message.id).then((ok) => ok && composer.focus());
      },
    },
  });
  new KeyboardBuilder(required(doc, '[data-keyboard-builder]'), {
    store,
    controller,
    rowTemplate: template(doc, 'keyboard-row'),
    buttonTemplate: template(doc, 'keyboard-button'),
  });
  new FileSender(required(doc, '[data-file-sender]'), { store, controller, report });

  const events = new ConsoleEvents(api.eventsUrl);
  controller.follow(events);
  events.open();
  doc.body.dataset.ready = 'true';
  return { store, controller, events };
}

function required(doc, selector) {
  const element = doc.querySelector(selector);
  if (element === null) throw new Error(`The page has no ${selector}`);
  return element;
}

function template(doc, name) {
  return /** @type {HTMLTemplateElement} */ (required(doc, `template[data-template="${name}"]`));
}

// The strings come first: every component words itself from them as it renders.
await loadConsoleStrings(document);
startConsole(document);
