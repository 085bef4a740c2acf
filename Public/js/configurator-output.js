// What the configurator's choices become, as pure functions of the set options: the frame's query string, the
// embed snippet and the `--preview-config` JSON. The options come from `GET /api/widget-options`; nothing here
// lists them, only the few an embedding site does not pass (as Sources/WidgetServer/Pages/PreviewSite.swift).

/**
 * One option as `GET /api/widget-options` describes it.
 * @typedef {object} OptionSpec
 * @property {string} name
 * @property {'text' | 'choice' | 'flag' | 'colour' | 'image' | 'location' | 'number'} kind
 * @property {string[]} [values]
 * @property {number} [max_length]
 * @property {number} [minimum]
 * @property {number} [maximum]
 * @property {string | boolean | null} [default]
 * @property {string} summary
 */

/** Options that are no embed attributes: the loader draws its own launcher, and the rest are the pages' own. */
const PAGE_ONLY_OPTIONS = new Set(['launcher', 'open', 'inspect', 'log']);

/** The queueing stub of README.md's snippet ("Embedding the widget"), the same as the site view shows. */
const STUB = 'window.WebimWidget = window.WebimWidget || function () { (WebimWidget.q = WebimWidget.q || []).push(arguments); };';

/**
 * The set options as a query string, in the catalog's order.
 * @param {OptionSpec[]} catalog @param {Map<string, string>} values
 */
export function toQuery(catalog, values) {
  const query = new URLSearchParams();
  for (const option of catalog) if (values.has(option.name)) query.set(option.name, /** @type {string} */ (values.get(option.name)));
  return query.toString();
}

/**
 * The options a query string sets (as a shared link or a variant carries them); unknown names and empty values are
 * left out.
 * @param {OptionSpec[]} catalog @param {string} query
 */
export function fromQuery(catalog, query) {
  const given = new URLSearchParams(query);
  /** @type {Map<string, string>} */
  const values = new Map();
  for (const option of catalog) {
    const value = given.get(option.name);
    if (value !== null && value !== '') values.set(option.name, value);
  }
  return values;
}

/** `fontSize` → `font-size`: an HTML attribute's name is lower case, `dataset` turns the dashes back. */
export function attributeName(/** @type {string} */ name) {
  return `data-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** @param {string} value */
function escapeAttribute(value) {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * The snippet a site pastes: the stub, and `embed.js` with the set options as `data-` attributes.
 * @param {OptionSpec[]} catalog @param {Map<string, string>} values @param {string} widgetOrigin
 */
export function embedSnippet(catalog, values, widgetOrigin) {
  const attributes = catalog
    .filter((option) => values.has(option.name) && !PAGE_ONLY_OPTIONS.has(option.name))
    .map((option) => ` ${attributeName(option.name)}="${escapeAttribute(/** @type {string} */ (values.get(option.name)))}"`);
  return `<script>\n  ${STUB}\n</script>\n<script async src="${widgetOrigin}/embed.js"${attributes.join('')}></script>`;
}

/**
 * The `--preview-config` file of this one variant: flags as booleans and numbers as numbers, as the file takes them.
 * @param {OptionSpec[]} catalog @param {Map<string, string>} values @param {{mode?: string}} [page] page parameters
 */
export function previewConfig(catalog, values, page = {}) {
  /** @type {Record<string, string | number | boolean>} */
  const options = {};
  for (const option of catalog) {
    const value = values.get(option.name);
    if (value === undefined) continue;
    if (option.kind === 'flag') options[option.name] = value === '1' || value === 'true';
    else if (option.kind === 'number') options[option.name] = Number(value);
    else options[option.name] = value;
  }
  if (page.mode) options.mode = page.mode;
  const name = values.get('title') ?? 'Configured widget';
  return `${JSON.stringify({ variants: [{ name, options }] }, null, 2)}\n`;
}
