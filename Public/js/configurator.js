// The developer's configurator (`/preview?configure=1&variant=QUERY&device=NAME&shown=page|site&state=NAME`): a
// form of every widget option beside one live frame in a device's size: the widget page itself, or a sample site on the other
// loopback origin embedding it with `embed.js` (whose launcher opens full screen on a phone, as on a real site). A change reloads the frame (once the server has checked the options,
// as it checks a preview variant), and rewrites the page's own address, the embed snippet and the
// `--preview-config` file, so any of the four gives the same configuration back. The State choice puts the frame
// into one of the chat service's named states (configurator-states.js); only the address keeps it. One live frame:
// a browser opens six connections to an origin and every widget holds one for its event stream.

import { contrastChecks, renderChecks } from './configurator-contrast.js';
import { DEVICES, deviceNamed, fitDevice } from './configurator-devices.js';
import { buildForm, readForm, setColour, writeForm } from './configurator-form.js';
import { embedSnippet, fromQuery, previewConfig, toQuery } from './configurator-output.js';
import { DEFAULT_STATE, describeState, fillStateMenu, loadStates, queryInState, stateMode, stateNamed } from './configurator-states.js';
import { forgetFrameVisitors } from './new-visitor.js';

/** Typing settles this long before the frame reloads; the outputs follow at once. */
const RELOAD_DELAY_MS = 400;

/** @param {Document} doc @param {string} selector */
function required(doc, selector) {
  const found = doc.querySelector(selector);
  if (!found) throw new Error(`The preview page has no ${selector}`);
  return /** @type {HTMLElement} */ (found);
}

/**
 * The sample site embedding the checked options (`GET /preview/site`), on this server's other loopback name: another
 * origin, as a real site is. Without one (a LAN name) the site is on this origin.
 * @param {Document} doc @param {string} query @param {string | undefined} title
 */
function siteAddress(doc, query, title) {
  const here = doc.location;
  const other = { '127.0.0.1': 'localhost', localhost: '127.0.0.1' }[here.hostname];
  const origin = other ? `${here.protocol}//${other}:${here.port}` : here.origin;
  const parameters = new URLSearchParams({ widget: here.origin, name: title || 'Configured widget', options: query });
  return `${origin}/preview/site?${parameters}`;
}

/**
 * Turns the preview page into the configurator. The server rendered the variant of the address as the grid's one
 * frame; that frame moves into the device screen.
 * @param {Document} doc
 */
export async function startConfigurator(doc) {
  const root = required(doc, '[data-configurator]');
  const grid = doc.querySelector('[data-preview-grid]');
  const fields = required(doc, '[data-configurator-fields]');
  const screen = required(doc, '[data-configurator-screen]');
  const error = required(doc, '[data-configurator-error]');
  const link = /** @type {HTMLInputElement} */ (required(doc, '[data-configurator-link]'));
  const snippet = /** @type {HTMLTextAreaElement} */ (required(doc, '[data-configurator-snippet]'));
  const json = /** @type {HTMLTextAreaElement} */ (required(doc, '[data-configurator-json]'));
  const download = /** @type {HTMLAnchorElement} */ (required(doc, '[data-configurator-download]'));
  const checks = required(doc, '[data-configurator-checks]');

  root.hidden = false;
  // The page's one main part in this mode (the frames' grid goes): not marked so while hidden.
  root.setAttribute('role', 'main');
  doc.body.dataset.previewView = 'configure';
  doc.querySelector('[data-core-log-form]')?.remove();
  const hint = doc.querySelector('.preview-hint');
  if (hint) {
    hint.textContent =
      'One live widget in a device\'s real size. Every change reloads it, and rewrites this page\'s address, the snippet and the file: each gives the configuration back.';
  }
  for (const view of doc.querySelectorAll('.preview-view')) view.removeAttribute('aria-current');
  doc.querySelector('[data-configure-link]')?.setAttribute('aria-current', 'page');

  const frame = /** @type {HTMLIFrameElement} */ (grid?.querySelector('[data-preview-frame]') ?? doc.createElement('iframe'));
  frame.name = 'preview-0';
  frame.title = 'The configured widget';
  // The preview's sketch of a site's page shows behind a floating launcher's transparent frame.
  frame.className = 'preview-frame configurator-frame';
  frame.dataset.previewFrame = '';
  frame.dataset.configuratorFrame = '';
  const holder = doc.createElement('div');
  holder.className = 'configurator-device';
  holder.append(frame);
  screen.append(holder);
  grid?.remove();

  const address = new URL(doc.location.href);
  let device = deviceNamed(address.searchParams.get('device'));
  const devices = required(doc, '[data-configurator-devices]');
  for (const each of DEVICES) {
    const label = doc.createElement('label');
    label.className = 'configurator-device-choice';
    const radio = doc.createElement('input');
    radio.type = 'radio';
    radio.name = 'device';
    radio.value = each.name;
    radio.checked = each === device;
    label.append(radio, ` ${each.label}`);
    devices.append(label);
  }

  const stateMenu = /** @type {HTMLSelectElement} */ (required(doc, '[data-configurator-state]'));
  const stateAbout = required(doc, '[data-configurator-state-about]');
  // Asked beside the options, so that the frame's first load is already in the address's state.
  const statesLoading = loadStates();
  /** @type {import('./configurator-states.js').NamedState | null} */
  let state = null;
  /** The next load of the frame is a new visitor: a state was chosen. */
  let freshVisitor = false;

  const shownChoice = required(doc, '[data-configurator-shown]');
  let shown = address.searchParams.get('shown') === 'site' ? 'site' : 'page';
  /** The page's mode: the device's, or the state's (the kiosk state is the kiosk page on any device). */
  const pageMode = () => device.mode ?? stateMode(state);
  const showChoices = () => {
    for (const radio of shownChoice.querySelectorAll('input')) {
      radio.checked = radio.value === shown;
      // A kiosk is a page of its own, never embedded in a site.
      radio.disabled = radio.value === 'site' && pageMode() === 'kiosk';
    }
  };
  showChoices();

  const answer = await fetch('/api/widget-options', { cache: 'no-store' });
  /** @type {import('./configurator-output.js').OptionSpec[]} */
  const catalog = (await answer.json()).options;
  const states = await statesLoading;
  if ('states' in states) state = stateNamed(states.states, address.searchParams.get('state'));
  fillStateMenu(stateMenu, stateAbout, states, state);
  showChoices();
  doc.querySelector('[data-configurator-loading]')?.remove();
  buildForm(fields, catalog);
  writeForm(fields, catalog, fromQuery(catalog, address.searchParams.get('variant') ?? ''));

  // The whole device in view below the page's header, however tall the device.
  const fit = () => {
    const width = screen.clientWidth;
    const top = screen.getBoundingClientRect().top + (doc.defaultView?.scrollY ?? 0);
    const height = Math.max(420, (doc.defaultView?.innerHeight ?? 800) - top - 16);
    fitDevice(frame, holder, device, { width, height });
  };
  new ResizeObserver(fit).observe(screen);

  /** The frame's query as last loaded: the options and the device's mode, as the server checked them. */
  let loaded = frame.dataset.query === undefined ? null : `/?${frame.dataset.query}`;
  let timer = 0;

  /** Checks the options on the server and loads them into the frame. */
  const reload = async (/** @type {string} */ query, /** @type {Map<string, string>} */ values) => {
    const variant = [query, device.mode ? `mode=${device.mode}` : ''].filter(Boolean).join('&');
    const response = await fetch(`/preview/config?variant=${encodeURIComponent(variant)}`, { cache: 'no-store' });
    const body = await response.json();
    if (!response.ok) {
      error.textContent = body?.error?.message ?? `HTTP ${response.status}`;
      error.hidden = false;
      return;
    }
    error.hidden = true;
    const checked = queryInState(body.variants[0].query, state);
    const onSite = shown === 'site' && !pageMode();
    const source = onSite ? siteAddress(doc, checked, values.get('title')) : `/?${checked}`;
    if (freshVisitor) {
      // The state's scenario brings a new visitor into it: the frame forgets the one it kept there (a site's frame is
      // another origin's, whose storage this page cannot reach).
      forgetFrameVisitors(frame.name);
      freshVisitor = false;
    } else if (source === loaded) {
      return;
    }
    loaded = source;
    frame.dataset.query = checked;
    frame.dataset.shown = onSite ? 'site' : 'page';
    frame.src = source;
  };

  const update = (/** @type {{now?: boolean}} */ { now = false } = {}) => {
    const { values, invalid } = readForm(fields, catalog);
    if (invalid.length > 0) {
      error.textContent = `Not applied: ${invalid.join(', ')} ${invalid.length === 1 ? 'has a value' : 'have values'} the server would refuse.`;
      error.hidden = false;
      return;
    }
    error.hidden = true;
    const query = toQuery(catalog, values);
    const shared = new URL(doc.location.href);
    shared.search = '';
    shared.searchParams.set('configure', '1');
    shared.searchParams.set('device', device.name);
    if (shown === 'site') shared.searchParams.set('shown', 'site');
    if (state && state.name !== DEFAULT_STATE) shared.searchParams.set('state', state.name);
    shared.searchParams.set('variant', [query, device.mode ? `mode=${device.mode}` : ''].filter(Boolean).join('&'));
    // The frame keeps no client-core log unless the `log` option asks: the server renders it as the variant alone.
    shared.searchParams.set('log', 'off');
    history.replaceState(null, '', shared);
    link.value = shared.href;
    snippet.value = embedSnippet(catalog, values, doc.location.origin);
    json.value = previewConfig(catalog, values, { mode: device.mode });
    // A data: address, not a blob: one: the page's CSP lets no script read a blob back (connect-src), and a
    // download needs none.
    download.href = `data:application/json;charset=utf-8,${encodeURIComponent(json.value)}`;
    renderChecks(checks, contrastChecks(values), (option, hex) => {
      setColour(fields, option, hex);
      update({ now: true });
    });
    clearTimeout(timer);
    timer = setTimeout(() => void reload(query, values).catch((failure) => {
      error.textContent = `The server does not answer: ${failure}`;
      error.hidden = false;
    }), now ? 0 : RELOAD_DELAY_MS);
  };

  fields.addEventListener('input', () => update());
  fields.addEventListener('change', () => update());
  devices.addEventListener('change', (event) => {
    device = deviceNamed(/** @type {HTMLInputElement} */ (event.target).value);
    showChoices();
    fit();
    update({ now: true });
  });
  shownChoice.addEventListener('change', (event) => {
    shown = /** @type {HTMLInputElement} */ (event.target).value === 'site' ? 'site' : 'page';
    update({ now: true });
  });
  stateMenu.addEventListener('change', () => {
    if (!('states' in states)) return;
    state = stateNamed(states.states, stateMenu.value);
    describeState(stateAbout, state);
    freshVisitor = true;
    showChoices();
    update({ now: true });
  });
  void offerSave(doc, json);
  required(doc, '[data-configurator-copy]').addEventListener('click', async (event) => {
    const button = /** @type {HTMLButtonElement} */ (event.currentTarget);
    try {
      await navigator.clipboard.writeText(snippet.value);
      button.textContent = 'Copied';
    } catch {
      snippet.select();
      button.textContent = 'Press Ctrl+C to copy';
    }
  });
  fit();
  update({ now: true });
}

/**
 * Offers "Save to the server's file" when the server was started with `--preview-config` (its `/preview/config`
 * reads from a file): the file's JSON goes to `PUT /preview/config`, which checks it as at start-up.
 * @param {Document} doc
 * @param {HTMLTextAreaElement} json The configuration as the file's JSON.
 */
async function offerSave(doc, json) {
  const button = /** @type {HTMLButtonElement} */ (required(doc, '[data-configurator-save]'));
  const said = required(doc, '[data-configurator-saved]');
  const answer = await fetch('/preview/config').then((response) => response.json()).catch(() => null);
  if (answer?.source !== 'file' && answer?.error?.code !== 'preview_config_invalid') return;
  button.hidden = false;
  button.addEventListener('click', async () => {
    said.textContent = 'Saving…';
    try {
      const response = await fetch('/preview/config', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: json.value });
      const body = await response.json().catch(() => ({}));
      said.textContent = response.ok ? 'Saved to the server\'s file.' : `Not saved: ${body.error?.message ?? response.status}`;
    } catch (failure) {
      said.textContent = `Not saved: ${failure}`;
    }
  });
}
