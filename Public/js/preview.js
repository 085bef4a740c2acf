// The developer preview page (`GET /preview`): a grid of widget frames. It polls
// `/preview/config` and reloads only the frames whose configuration changed, so editing the
// `--preview-config` file shows up without touching the other live chats.

import { frameTabId, startNewVisitorButtons } from './new-visitor.js';

/** How often the page asks whether the configuration changed; a `stat` on the server. */
const POLL_MS = 1000;

/**
 * Brings the grid in line with `variants`: new frames, changed frames reloaded, extra ones removed.
 * @param {HTMLElement} grid The `[data-preview-grid]` element.
 * @param {{name: string, query: string}[]} variants
 */
export function applyVariants(grid, variants) {
  const items = Array.from(grid.querySelectorAll('[data-preview-variant]'));
  variants.forEach((variant, index) => {
    const item = items[index] ?? grid.appendChild(makeItem(index));
    const frame = /** @type {HTMLIFrameElement} */ (item.querySelector('[data-preview-frame]'));
    item.querySelector('[data-preview-name]').textContent = variant.name;
    frame.title = variant.name;
    const level = document.body.dataset.coreLog;
    const query = variant.query + (level && level !== 'off' ? `&log=${level}` : '');
    if (frame.dataset.query !== query) {
      frame.dataset.query = query;
      frame.src = `/?${query}`;
    }
  });
  for (const extra of items.slice(variants.length)) extra.remove();
}

/** @param {number} index */
function makeItem(index) {
  const item = document.createElement('figure');
  item.className = 'preview-item';
  item.dataset.previewVariant = String(index);
  const caption = document.createElement('figcaption');
  caption.className = 'preview-caption preview-item-head';
  const name = document.createElement('span');
  name.dataset.previewName = '';
  const newVisitor = document.createElement('button');
  newVisitor.className = 'preview-new-visitor';
  newVisitor.type = 'button';
  newVisitor.dataset.newVisitor = '';
  newVisitor.textContent = 'New visitor';
  caption.append(name, newVisitor);
  const frame = document.createElement('iframe');
  frame.className = 'preview-frame';
  // Its own window name, so that the frame keeps its own tab across reloads (session.js).
  frame.name = `preview-${index}`;
  frame.dataset.previewFrame = '';
  item.append(caption, frame);
  return item;
}

/**
 * Fills a frame's log viewer with its tab's client-core log (`GET /api/tabs/{tab}/log`), each time
 * it is opened. The frames share this page's storage, where each keeps its visitor under its window
 * name (kept-visitor.js).
 * @param {HTMLDetailsElement} details
 */
async function showLog(details) {
  const frame = /** @type {HTMLIFrameElement | null} */ (details.parentElement?.querySelector('[data-preview-frame]') ?? null);
  const text = details.querySelector('[data-preview-log-text]');
  const download = /** @type {HTMLAnchorElement} */ (details.querySelector('[data-preview-log-download]'));
  const tab = frame ? frameTabId(frame.name) : null;
  download.hidden = true;
  if (!tab) {
    text.textContent = 'This frame has no chat tab yet.';
    return;
  }
  const path = `/api/tabs/${encodeURIComponent(tab)}/log`;
  try {
    const response = await fetch(path, { cache: 'no-store' });
    text.textContent = response.ok ? await response.text() : `No log: ${(await response.json())?.error?.message ?? response.status}`;
    download.hidden = !response.ok;
    download.href = `${path}?download=1`;
    text.scrollTop = text.scrollHeight;
  } catch (failure) {
    text.textContent = `The server does not answer: ${failure}`;
  }
}

async function poll(body, grid, error) {
  try {
    const response = await fetch(`/preview/config${location.search}`, { cache: 'no-store' });
    const answer = await response.json();
    if (!response.ok) {
      error.textContent = answer?.error?.message ?? `HTTP ${response.status}`;
      error.hidden = false;
      return;
    }
    error.hidden = true;
    if (answer.version !== body.dataset.previewVersion) {
      // The site view's snippets and sites are the server's rendering: a changed file is a new page.
      if (grid === null) location.reload();
      else applyVariants(grid, answer.variants);
      body.dataset.previewVersion = answer.version;
    }
  } catch (failure) {
    error.textContent = `The server does not answer: ${failure}`;
    error.hidden = false;
  }
}

/** Copies a snippet; the button says it did, or selects the text for the developer to copy. */
async function copySnippet(button) {
  const code = button.parentElement?.querySelector('[data-snippet]');
  if (!code) return;
  try {
    await navigator.clipboard.writeText(code.textContent ?? '');
    button.textContent = 'Copied';
  } catch {
    getSelection()?.selectAllChildren(code);
    button.textContent = 'Press Ctrl+C to copy';
  }
}

function start() {
  // The configurator is its own mode of the page: one frame, no polling of the file.
  if (new URLSearchParams(location.search).has('configure')) {
    void import('./configurator.js').then(({ startConfigurator }) => startConfigurator(document));
    return;
  }
  document.querySelector('[data-core-log-level]')?.addEventListener('change', (event) => {
    /** @type {HTMLSelectElement} */ (event.target).form?.submit();
  });
  document.addEventListener(
    'toggle',
    (event) => {
      const details = event.target;
      if (details instanceof HTMLDetailsElement && details.matches('[data-preview-log]') && details.open) void showLog(details);
    },
    true,
  );
  startNewVisitorButtons(document);
  for (const button of document.querySelectorAll('[data-copy-snippet]')) {
    button.addEventListener('click', () => void copySnippet(button));
  }
  const grid = document.querySelector('[data-preview-grid]');
  const error = document.querySelector('[data-preview-error]');
  const tick = () => void poll(document.body, grid, error).finally(() => setTimeout(tick, POLL_MS));
  tick();
}

start();
