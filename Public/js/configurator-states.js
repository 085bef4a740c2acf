// The configurator's State choice: the chat service's named states (`GET /preview/states`, the list the gallery shows,
// from Scenarios/fixtures/states.yaml), and the frame's query in one of them. The frame is put into a state as the
// gallery puts its frames (`/inspect`): opened at the state's location, whose scenario brings a new visitor there by
// itself, with the page settings the state names (`page`, the kiosk's). A state is the preview's, not a widget
// option: the configurator's address carries it, the embed snippet and the `--preview-config` file never do.

/**
 * One state as `GET /preview/states` gives it.
 * @typedef {object} NamedState
 * @property {string} name
 * @property {string} caption
 * @property {string} location
 * @property {string} summary
 * @property {string} [hint]
 * @property {string} [page] the widget page's own parameters, as a query string
 */

/**
 * The fresh visitor, the configurator's default: the frame opens the location the options name (the location option
 * or the server's default), as before there were states, and the address names no state.
 */
export const DEFAULT_STATE = 'new-visitor';

/** The most states shown: the service's list is a few dozen; a longer one is cut, never a page-long menu. */
const MAXIMUM_STATES = 100;

/**
 * The service's named states, or why there are none (the sentence the control shows, disabled).
 * @param {typeof fetch} [get]
 * @returns {Promise<{states: NamedState[]} | {unavailable: string}>}
 */
export async function loadStates(get = fetch) {
  try {
    const response = await get('/preview/states', { cache: 'no-store' });
    const body = await response.json().catch(() => null);
    if (response.status === 502 && body?.error?.code === 'states_unavailable') {
      return { unavailable: 'No states to choose: the chat service gave none (it is unreachable, or a real account\'s, which has no fixtures).' };
    }
    if (!response.ok || !Array.isArray(body?.states)) {
      return { unavailable: `No states to choose: ${body?.error?.message ?? `HTTP ${response.status}`}` };
    }
    const states = body.states.filter(isState).slice(0, MAXIMUM_STATES);
    return states.length > 0 ? { states } : { unavailable: 'No states to choose: the chat service lists none.' };
  } catch (failure) {
    return { unavailable: `No states to choose: the server does not answer (${failure}).` };
  }
}

/** @param {unknown} value @returns {value is NamedState} */
function isState(value) {
  const state = /** @type {Record<string, unknown> | null} */ (value);
  return typeof state?.name === 'string' && typeof state.caption === 'string' && typeof state.location === 'string';
}

/**
 * The state an address names, the default for no name or an unknown one (an old link, another service's state).
 * @param {NamedState[]} states @param {string | null} name
 * @returns {NamedState | null} null when the service lists no default either
 */
export function stateNamed(states, name) {
  return states.find((state) => state.name === name) ?? states.find((state) => state.name === DEFAULT_STATE) ?? null;
}

/**
 * The frame's query in `state`: the checked options' query with the state's location and page parameters over it,
 * as the gallery builds its frames' queries. The default state (or none) leaves the query as it is.
 * @param {string} query the options' query as the server checked it @param {NamedState | null} state
 */
export function queryInState(query, state) {
  if (state === null || state.name === DEFAULT_STATE) return query;
  const parameters = new URLSearchParams(query);
  parameters.set('location', state.location);
  for (const [name, value] of new URLSearchParams(state.page ?? '')) parameters.set(name, value);
  return parameters.toString();
}

/**
 * The page mode a state sets (`kiosk`), which no sample site can embed.
 * @param {NamedState | null} state
 */
export function stateMode(state) {
  return new URLSearchParams(state?.page ?? '').get('mode');
}

/**
 * Fills the State `<select>`: one option per state, by its caption, the chosen one selected; or disabled, with the
 * reason, when there are none.
 * @param {HTMLSelectElement} menu @param {HTMLElement} about the line under it: the state's summary, or the reason
 * @param {{states: NamedState[]} | {unavailable: string}} loaded @param {NamedState | null} chosen
 */
export function fillStateMenu(menu, about, loaded, chosen) {
  menu.replaceChildren();
  if ('unavailable' in loaded) {
    menu.append(new Option('None', ''));
    menu.disabled = true;
    about.textContent = loaded.unavailable;
    about.dataset.stateUnavailable = '';
    return;
  }
  for (const state of loaded.states) {
    const option = new Option(state.name === DEFAULT_STATE ? `${state.caption} (default)` : state.caption, state.name);
    menu.append(option);
  }
  menu.value = chosen?.name ?? '';
  menu.disabled = false;
  delete about.dataset.stateUnavailable;
  describeState(about, chosen);
}

/**
 * What the chosen state shows, and what to do when it needs a hand (the route's `summary` and `hint`).
 * @param {HTMLElement} about @param {NamedState | null} state
 */
export function describeState(about, state) {
  about.textContent = state ? [state.summary, state.hint].filter(Boolean).join(' ') : '';
}
