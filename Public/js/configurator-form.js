// The configurator's form: one labelled control per widget option, generated from `GET /api/widget-options`
// (its kind, allowed values, bounds, default and sentence), read back as the options it sets. An option left at
// its default, or empty, is not set: the page then takes the server's default, as a site that never named it.

/** @typedef {import('./configurator-output.js').OptionSpec} OptionSpec */

/** Longer texts get a text area. */
const TEXT_AREA_LENGTH = 500;

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Record<string, string>} [attributes] @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function element(tag, attributes = {}, text = '') {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

/** @param {OptionSpec} option */
function controlId(option) {
  return `option-${option.name}`;
}

/** @param {OptionSpec} option @returns {string} the default as a control shows it ('' when unset) */
function defaultText(option) {
  const value = option.default;
  if (value === true) return '1';
  if (value === false) return '0';
  return value ?? '';
}

/**
 * A select of `choices` (value, label), the default's label saying so.
 * @param {string} id @param {[string, string][]} choices @param {string} standard
 */
function select(id, choices, standard) {
  const menu = element('select', { id });
  for (const [value, label] of choices) {
    menu.append(element('option', { value }, value === standard && value !== '' ? `${label} (default)` : label));
  }
  menu.value = standard;
  return menu;
}

/** @param {OptionSpec} option @returns {HTMLElement} the control, or a group holding it */
function makeControl(option) {
  const id = controlId(option);
  switch (option.kind) {
    case 'choice': {
      const values = /** @type {string[]} */ (option.values ?? []);
      const choices = /** @type {[string, string][]} */ (values.map((value) => [value, value]));
      if (option.default === null || option.default === undefined) choices.unshift(['', 'unset']);
      return select(id, choices, defaultText(option));
    }
    case 'flag': {
      if (typeof option.default === 'boolean') {
        const box = element('input', { id, type: 'checkbox' });
        box.checked = option.default;
        return box;
      }
      // No default: on, off, or the page decides (the system's scheme, say).
      return select(id, [['', 'unset'], ['1', 'on (1)'], ['0', 'off (0)']], '');
    }
    case 'colour': {
      const group = element('span', { class: 'configurator-colour' });
      const use = element('input', { type: 'checkbox', id: `${id}-set`, 'aria-label': `Set ${option.name}` });
      use.dataset.colourSet = option.name;
      const picker = element('input', { id, type: 'color', value: '#1c64f2' });
      const label = element('label', { for: `${id}-set` }, 'set');
      group.append(use, label, picker);
      return group;
    }
    case 'number': {
      const attributes = { id, type: 'number', step: '1', inputmode: 'numeric' };
      if (option.minimum !== undefined) attributes.min = String(option.minimum);
      if (option.maximum !== undefined) attributes.max = String(option.maximum);
      return element('input', attributes);
    }
    default: {
      const long = (option.max_length ?? 0) >= TEXT_AREA_LENGTH;
      const field = long ? element('textarea', { id, rows: '2' }) : element('input', { id, type: 'text' });
      if (option.max_length) field.setAttribute('maxlength', String(option.max_length));
      if (option.kind === 'location') {
        field.setAttribute('pattern', '[A-Za-z0-9_\\-]{1,64}');
        field.setAttribute('spellcheck', 'false');
      }
      if (option.kind === 'image') field.setAttribute('maxlength', '2048');
      const standard = defaultText(option);
      if (standard) field.setAttribute('placeholder', standard);
      return field;
    }
  }
}

/**
 * Fills `container` with a labelled, described control per option.
 * @param {HTMLElement} container @param {OptionSpec[]} catalog
 */
export function buildForm(container, catalog) {
  for (const option of catalog) {
    const row = element('div', { class: 'configurator-field' });
    row.dataset.option = option.name;
    row.dataset.kind = option.kind;
    const id = controlId(option);
    const label = element('label', { class: 'configurator-label', for: id });
    label.append(element('code', {}, option.name));
    const summary = element('p', { class: 'configurator-summary', id: `${id}-summary` }, option.summary);
    const control = makeControl(option);
    const target = control.id === id ? control : /** @type {HTMLElement} */ (control.querySelector(`#${id}`));
    target.setAttribute('aria-describedby', summary.id);
    target.dataset.optionControl = option.name;
    row.append(label, control, summary);
    container.append(row);
  }
  // Picking a colour sets it; clearing "set" unsets it.
  container.addEventListener('input', (event) => {
    const target = /** @type {HTMLInputElement} */ (event.target);
    if (target.type === 'color') {
      const box = /** @type {HTMLInputElement | null} */ (container.querySelector(`[data-colour-set="${target.dataset.optionControl}"]`));
      if (box) box.checked = true;
    }
  });
}

/** @param {HTMLElement} container @param {string} name */
function controlOf(container, name) {
  return /** @type {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} */ (container.querySelector(`[data-option-control="${name}"]`));
}

/**
 * The options the form sets, and the names of those whose controls hold a value the server would refuse.
 * @param {HTMLElement} container @param {OptionSpec[]} catalog
 * @returns {{values: Map<string, string>, invalid: string[]}}
 */
export function readForm(container, catalog) {
  /** @type {Map<string, string>} */
  const values = new Map();
  const invalid = [];
  for (const option of catalog) {
    const control = controlOf(container, option.name);
    if (!control.checkValidity()) {
      invalid.push(option.name);
      continue;
    }
    let value = control.value;
    if (option.kind === 'flag' && control instanceof HTMLInputElement && control.type === 'checkbox') value = control.checked ? '1' : '0';
    if (option.kind === 'colour') {
      const box = /** @type {HTMLInputElement} */ (container.querySelector(`[data-colour-set="${option.name}"]`));
      if (!box.checked) value = '';
    }
    if (value !== '' && value !== defaultText(option)) values.set(option.name, value);
  }
  return { values, invalid };
}

/**
 * Sets every control to `values` (the rest to their defaults).
 * @param {HTMLElement} container @param {OptionSpec[]} catalog @param {Map<string, string>} values
 */
export function writeForm(container, catalog, values) {
  for (const option of catalog) {
    const control = controlOf(container, option.name);
    const value = values.get(option.name) ?? defaultText(option);
    if (option.kind === 'flag' && control instanceof HTMLInputElement && control.type === 'checkbox') {
      control.checked = value === '1' || value === 'true';
    } else if (option.kind === 'flag') {
      control.value = value === 'true' ? '1' : value === 'false' ? '0' : value;
    } else if (option.kind === 'colour') {
      const box = /** @type {HTMLInputElement} */ (container.querySelector(`[data-colour-set="${option.name}"]`));
      // The server takes #rgb and a missing #, as a shared link or a hand-written query may have them.
      const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1] ?? '';
      box.checked = hex !== '';
      if (box.checked) control.value = `#${hex.length === 3 ? hex.replace(/./g, '$&$&') : hex}`.toLowerCase();
    } else {
      control.value = value;
    }
  }
}

/**
 * Sets one colour option (the readability check's suggestion).
 * @param {HTMLElement} container @param {string} name @param {string} hex
 */
export function setColour(container, name, hex) {
  const control = controlOf(container, name);
  const box = /** @type {HTMLInputElement} */ (container.querySelector(`[data-colour-set="${name}"]`));
  control.value = hex;
  box.checked = true;
}
