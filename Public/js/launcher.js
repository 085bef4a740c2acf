// The floating launcher (`launcher=floating`): a round button in a bottom corner that opens and
// closes the chat as a panel. Loaded only when a page asks for it; `fullscreen` needs only CSS.

import { loadStylesheet } from './dom.js';

/**
 * Adds the launcher's stylesheet and, for `floating`, its button; the chat starts closed, as a site's widget does.
 * @param {Document} doc
 * @param {import('./config.js').WidgetOptions} options
 * @param {import('./i18n.js').Strings} strings
 */
export async function startLauncher(doc, options, strings) {
  // The button appears only once its styles apply, so the panel never shows open by mistake.
  await Promise.all([loadStylesheet(doc, '/static/css/launcher.css'), strings.load('launcher')]);
  if (options.launcher !== 'floating') return;

  const frame = /** @type {HTMLElement} */ (doc.querySelector('.widget-frame'));
  frame.id ||= 'widget-frame';
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'launcher-button';
  button.dataset.launcherToggle = '';
  button.setAttribute('aria-controls', frame.id);
  const label = doc.createElement('span');
  label.className = 'kit-visually-hidden';
  const icon = doc.createElement('img');
  icon.className = 'launcher-icon';
  icon.alt = '';
  icon.src = '/static/img/chat-icon.svg';
  button.append(icon, label);
  doc.body.append(button);
  // On a phone the open chat covers the screen and the button with it (launcher.css): its header closes it.
  const minimize = doc.createElement('button');
  minimize.type = 'button';
  minimize.className = 'header-button launcher-minimize';
  minimize.dataset.launcherMinimize = '';
  minimize.textContent = strings.t('minimize');
  doc.querySelector('[data-chat-actions]')?.append(minimize);

  const html = doc.documentElement;
  const render = (open) => {
    if (open) html.dataset.launcherOpen = '';
    else delete html.dataset.launcherOpen;
    html.toggleAttribute('data-chat-hidden', !open);
    button.setAttribute('aria-expanded', String(open));
    label.textContent = strings.t(open ? 'closeWidget' : 'openWidget');
    // What arrived while the panel was closed is read once it shows (main.js).
    if (open) doc.querySelector('[data-transcript]')?.dispatchEvent(new Event('scroll'));
  };
  button.addEventListener('click', () => render(!('launcherOpen' in html.dataset)));
  minimize.addEventListener('click', () => {
    render(false);
    button.focus();
  });
  render(options.open === true);
}
