// The selected visitor's header. It owns `[data-visitor-panel]`: who the visitor is, the chat's
// state and operator, badges, the visitor's fields, and the chat actions (join, close, start a
// survey, ask for contacts, pause or resume the scenario, ban or unban, transfer to a department). Unavailable actions are
// `aria-disabled`, not `disabled`, so a button keeps the focus when its state changes.

import { chatState, hasOpenChat, stateLabel } from '../model.js';
import { t, tOr } from '../i18n.js';

/** Shows the selected visitor and runs the chat actions on them. */
export class VisitorPanel {
  #root;
  #store;
  #controller;
  #departments;
  /** @type {Record<string, HTMLButtonElement>} */
  #buttons;

  /**
   * @param {HTMLElement} root The `[data-visitor-panel]` element.
   * @param {object} deps
   * @param {import('../store.js').ConsoleStore} deps.store
   * @param {import('../controller.js').ConsoleController} deps.controller
   */
  constructor(root, { store, controller }) {
    this.#root = root;
    this.#store = store;
    this.#controller = controller;
    this.#departments = /** @type {HTMLSelectElement} */ (root.querySelector('[data-transfer-department]'));
    this.#buttons = Object.fromEntries(
      ['join', 'close', 'survey', 'contacts', 'callback', 'invite', 'pause', 'ban', 'transfer'].map((name) => [
        name,
        /** @type {HTMLButtonElement} */ (root.querySelector(`[data-action="${name}"]`)),
      ]),
    );

    root.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('button[data-action]') : null;
      if (button === null || button.getAttribute('type') === 'submit') return;
      this.#run(button.getAttribute('data-action'));
    });
    root.querySelector('[data-transfer-form]').addEventListener('submit', (event) => {
      event.preventDefault();
      this.#run('transfer');
    });
    for (const type of ['visitors', 'selection', 'locations']) store.addEventListener(type, () => this.render());
    this.render();
  }

  /** Shows the selected visitor. */
  render() {
    const visitor = this.#store.selected;
    if (visitor === undefined) return;
    const state = chatState(visitor);
    const open = hasOpenChat(visitor);
    const operatorName = visitor.chat?.operator?.fullname ?? '';

    this.#root.dataset.visitorId = visitor.visitorId;
    this.#text('[data-visitor-name]', visitor.visitorName || t('visitor.fallbackName'));
    this.#text('[data-visitor-location]', t('visitor.location', { location: visitor.location }));
    this.#text('[data-visitor-state]', t('visitor.chat', { state: stateLabel(state) }));
    this.#text('[data-visitor-operator]', operatorName === '' ? t('visitor.noOperator') : t('visitor.operator', { name: operatorName }));
    this.#root.querySelector('[data-visitor-badge="banned"]').hidden = !visitor.banned;
    this.#root.querySelector('[data-visitor-badge="paused"]').hidden = !visitor.scenarioPaused;
    this.#renderFields(visitor.fields ?? {});

    this.#setEnabled('join', open);
    this.#setEnabled('close', open);
    this.#setEnabled('survey', open);
    this.#setEnabled('contacts', open);
    this.#setEnabled('callback', open);
    // An invitation opens a chat, so it is for a visitor with none open.
    this.#setEnabled('invite', !open);
    this.#buttons.pause.textContent = t(visitor.scenarioPaused ? 'action.resume' : 'action.pause');
    this.#buttons.ban.textContent = t(visitor.banned ? 'action.unban' : 'action.ban');
    this.#renderDepartments(visitor);
    this.#setEnabled('transfer', open && this.#departments.options.length > 0 && !this.#departments.disabled);
  }

  #run(action) {
    const visitor = this.#store.selected;
    const button = this.#buttons[action];
    if (visitor === undefined || button === undefined || button.getAttribute('aria-disabled') === 'true') return;
    const id = visitor.visitorId;
    switch (action) {
      case 'join':
        void this.#controller.join(id);
        break;
      case 'close':
        void this.#controller.close(id);
        break;
      case 'survey':
        void this.#controller.startSurvey(id);
        break;
      case 'contacts':
        void this.#controller.askForContacts(id);
        break;
      case 'callback':
        void this.#controller.offerCallBack(id);
        break;
      case 'invite':
        void this.#controller.invite(id);
        break;
      case 'pause':
        void this.#controller.setPaused(id, !visitor.scenarioPaused);
        break;
      case 'ban':
        void this.#controller.setBanned(id, !visitor.banned);
        break;
      case 'transfer':
        if (this.#departments.value !== '') void this.#controller.transfer(id, this.#departments.value);
        break;
      default:
        break;
    }
  }

  #renderFields(fields) {
    const list = this.#root.querySelector('[data-visitor-fields]');
    const entries = Object.entries(fields).filter(([, value]) => typeof value === 'string' && value !== '');
    const rows = entries.flatMap(([name, value]) => {
      const term = document.createElement('dt');
      term.textContent = name;
      const detail = document.createElement('dd');
      detail.textContent = value;
      return [term, detail];
    });
    list.replaceChildren(...rows);
    list.hidden = rows.length === 0;
  }

  /** Fills the department choice from the visitor's location, keeping the operator's current pick. */
  #renderDepartments(visitor) {
    const location = this.#store.locations.find((candidate) => candidate.name === visitor.location);
    const departments = location?.departments ?? [];
    const previous = this.#departments.value;
    const options = departments.map((department) => {
      const option = document.createElement('option');
      option.value = department.key;
      option.textContent = t('transfer.department.option', {
        name: department.name,
        online: tOr(`status.${department.online}`, department.online),
      });
      return option;
    });
    if (options.length === 0) {
      const none = document.createElement('option');
      none.value = '';
      none.textContent = t('transfer.noDepartments');
      options.push(none);
    }
    const signature = options.map((option) => `${option.value}=${option.textContent}`).join('|');
    if (this.#departments.dataset.signature !== signature) {
      this.#departments.replaceChildren(...options);
      this.#departments.dataset.signature = signature;
      if (departments.some((department) => department.key === previous)) this.#departments.value = previous;
    }
    this.#departments.disabled = departments.length === 0;
  }

  #setEnabled(name, enabled) {
    this.#buttons[name].setAttribute('aria-disabled', String(!enabled));
  }

  #text(selector, text) {
    this.#root.querySelector(selector).textContent = text;
  }
}
