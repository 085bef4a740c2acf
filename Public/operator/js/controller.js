// Everything the console does: keeps the store in step with the service (list, visitors, locations,
// typing) and performs the operator's actions. Each failure is reported to the alerts, never dropped.

import { t, tOr } from './i18n.js';
import { hasOpenChat } from './model.js';

/**
 * The survey "Start survey" sends: one question of each kind the widget draws (stars, radio, comment), in the
 * operator's language, as what the operator writes is.
 */
function consoleSurvey() {
  return {
    id: 1,
    descriptor: {
      forms: [
        {
          id: 1,
          questions: [
            { type: 'stars', text: t('survey.rate') },
            { type: 'radio', text: t('survey.answered'), options: [t('survey.yes'), t('survey.partly'), t('survey.no')] },
            { type: 'comment', text: t('survey.better') },
          ],
        },
      ],
    },
  };
}

/** Performs the operator's actions and keeps the store current. */
export class ConsoleController {
  #api;
  #store;
  #report;
  /** @type {Map<string, Promise<void>>} Visitor refreshes in flight. */
  #refreshing = new Map();
  /** @type {Set<string>} Visitors that changed again while being refreshed. */
  #stale = new Set();

  /**
   * @param {object} deps
   * @param {import('./api.js').ConsoleApi} deps.api
   * @param {import('./store.js').ConsoleStore} deps.store
   * @param {(message: string) => void} deps.report Shows an error to the operator.
   */
  constructor({ api, store, report }) {
    this.#api = api;
    this.#store = store;
    this.#report = report;
  }

  /**
   * Follows the event stream: a (re)open, when it goes live, reloads everything; events refresh what they name.
   * @param {import('./events.js').ConsoleEvents} events
   */
  follow(events) {
    events.addEventListener('state', (event) => {
      const { state } = /** @type {CustomEvent} */ (event).detail;
      this.#store.setConnection(state);
      if (state === 'live') void this.reload();
    });
    events.addEventListener('event', (event) => {
      const { name, data } = /** @type {CustomEvent} */ (event).detail;
      if (name === 'visitor.changed' && typeof data.visitorID === 'string') {
        void this.refreshVisitor(data.visitorID);
      } else if (name === 'visitor.typing' && typeof data.visitorID === 'string') {
        this.#store.setTyping(data.visitorID, Boolean(data.typing), data.draft);
      } else if (name === 'location.changed') {
        void this.loadLocations();
      }
    });
  }

  /** Loads the whole list and the locations. */
  async reload() {
    try {
      const [chats, locations] = await Promise.all([this.#api.chats(), this.#api.locations()]);
      this.#store.replaceAll(chats);
      this.#store.setLocations(locations);
    } catch (error) {
      this.#fail('task.loadChats', error);
    }
  }

  /** Loads the locations (online status, departments). */
  async loadLocations() {
    try {
      this.#store.setLocations(await this.#api.locations());
    } catch (error) {
      this.#fail('task.loadLocations', error);
    }
  }

  /**
   * Fetches one visitor again. Refreshes of one visitor never overlap, and a change during a refresh
   * causes one more, so the newest state always lands last.
   * @param {string} id
   * @returns {Promise<void>}
   */
  refreshVisitor(id) {
    const running = this.#refreshing.get(id);
    if (running !== undefined) {
      this.#stale.add(id);
      return running;
    }
    const run = (async () => {
      do {
        this.#stale.delete(id);
        try {
          this.#store.upsert(await this.#api.visitor(id));
        } catch (error) {
          this.#fail('task.loadVisitor', error);
          break;
        }
      } while (this.#stale.has(id));
      this.#refreshing.delete(id);
    })();
    this.#refreshing.set(id, run);
    return run;
  }

  /**
   * @param {string} id
   * @returns {Promise<boolean>}
   */
  join(id) {
    return this.#act('task.join', id, () => this.#api.act(id, 'join'));
  }

  /**
   * Sends an answer, joining first when nobody has taken the chat yet.
   * @param {string} id
   * @param {string} text
   * @param {string | null} quotedId The message the answer quotes.
   * @returns {Promise<boolean>}
   */
  send(id, text, quotedId) {
    const body = quotedId === null ? { text } : { text, quote: { messageId: quotedId } };
    return this.#act('task.send', id, async () => {
      await this.#joinIfWaiting(id);
      await this.#api.act(id, 'messages', body);
    });
  }

  /**
   * @param {string} id
   * @param {string} messageId
   * @param {string} text
   * @returns {Promise<boolean>}
   */
  edit(id, messageId, text) {
    return this.#act('task.edit', id, () => this.#api.editMessage(id, messageId, text));
  }

  /**
   * @param {string} id
   * @param {string} messageId
   * @returns {Promise<boolean>}
   */
  remove(id, messageId) {
    return this.#act('task.delete', id, () => this.#api.deleteMessage(id, messageId));
  }

  /**
   * @param {string} id
   * @param {Array<Array<{id: string, text: string, url?: string, textToInsert?: string}>>} rows
   * @returns {Promise<boolean>}
   */
  sendKeyboard(id, rows) {
    return this.#act('task.sendKeyboard', id, async () => {
      await this.#joinIfWaiting(id);
      await this.#api.act(id, 'keyboard', { rows });
    });
  }

  /**
   * @param {string} id
   * @param {{filename: string, contentType: string, base64: string, caption?: string}} file
   * @returns {Promise<boolean>}
   */
  sendFile(id, file) {
    return this.#act('task.sendFile', id, async () => {
      await this.#joinIfWaiting(id);
      await this.#api.act(id, 'files', file);
    });
  }

  /**
   * Shows or hides the operator's typing to the visitor.
   * @param {string} id
   * @param {boolean} typing
   * @returns {Promise<boolean>}
   */
  typing(id, typing) {
    return this.#act('task.typing', id, () => this.#api.act(id, 'typing', { typing }), false);
  }

  /**
   * Marks the visitor's messages read.
   * @param {string} id
   * @returns {Promise<boolean>}
   */
  markRead(id) {
    return this.#act('task.markRead', id, () => this.#api.act(id, 'read'), false);
  }

  /**
   * @param {string} id
   * @param {string} departmentKey
   * @returns {Promise<boolean>}
   */
  transfer(id, departmentKey) {
    return this.#act('task.transfer', id, () => this.#api.act(id, 'transfer', { departmentKey }));
  }

  /**
   * @param {string} id
   * @returns {Promise<boolean>}
   */
  close(id) {
    return this.#act('task.close', id, () => this.#api.act(id, 'close'));
  }

  /**
   * Starts the console's survey (one question of each kind); an unfinished one is finished first.
   * @param {string} id
   * @returns {Promise<boolean>}
   */
  startSurvey(id) {
    return this.#act('task.survey', id, () => this.#api.act(id, 'survey', consoleSurvey()));
  }

  /**
   * Asks the visitor for their name and e-mail: a contact-information request (`cont_req`), which the
   * widget shows as a form.
   * @param {string} id
   * @returns {Promise<boolean>}
   */
  askForContacts(id) {
    return this.#act('task.contacts', id, async () => {
      await this.#joinIfWaiting(id);
      await this.#api.act(id, 'messages', { text: t('prompt.contacts'), kind: 'cont_req' });
    });
  }

  /**
   * Offers to call the visitor back: an action request (`action_request`), which the widget shows with a button the
   * visitor accepts.
   * @param {string} id
   * @returns {Promise<boolean>}
   */
  offerCallBack(id) {
    return this.#act('task.callback', id, async () => {
      await this.#joinIfWaiting(id);
      await this.#api.act(id, 'messages', { text: t('prompt.callback'), kind: 'action_request' });
    });
  }

  /**
   * Invites a visitor with no open chat: a chat in state `invitation` with the operator's first message, which the
   * visitor accepts by writing back.
   * @param {string} id
   * @returns {Promise<boolean>}
   */
  invite(id) {
    return this.#act('task.invite', id, () => this.#api.act(id, 'invite', { text: t('prompt.invite') }));
  }

  /**
   * @param {string} id
   * @param {boolean} banned
   * @returns {Promise<boolean>}
   */
  setBanned(id, banned) {
    return this.#act(banned ? 'task.ban' : 'task.unban', id, () => this.#api.act(id, 'ban', { banned }));
  }

  /**
   * @param {string} id
   * @param {boolean} paused
   * @returns {Promise<boolean>}
   */
  setPaused(id, paused) {
    return this.#act(paused ? 'task.pause' : 'task.resume', id, () =>
      this.#api.act(id, 'scenario', { paused }),
    );
  }

  /**
   * @param {string} location
   * @param {string} status
   * @returns {Promise<boolean>}
   */
  async setOnlineStatus(location, status) {
    try {
      await this.#api.setOnlineStatus(location, status);
      await this.loadLocations();
      return true;
    } catch (error) {
      this.#fail('task.setStatus', error);
      return false;
    }
  }

  async #joinIfWaiting(id) {
    const visitor = this.#store.visitor(id);
    if (visitor !== undefined && hasOpenChat(visitor) && !visitor.chat?.operator) {
      await this.#api.act(id, 'join');
    }
  }

  /** Runs an action on a visitor, then refreshes them (the event stream would too, a moment later). */
  async #act(task, id, action, refresh = true) {
    try {
      await action();
      if (refresh) await this.refreshVisitor(id);
      return true;
    } catch (error) {
      this.#fail(task, error);
      return false;
    }
  }

  /**
   * Reports a failed task in the console's words: the reason for the error's `code` when the strings have one,
   * else the service's own sentence (kept in the log either way).
   * @param {string} task The task's string key (`task.…`).
   */
  #fail(task, error) {
    console.warn(`${task} failed`, error);
    const code = typeof error?.code === 'string' ? error.code : '';
    const reason = tOr(`reason.${code}`, error instanceof Error && error.message !== '' ? error.message : String(error));
    this.#report(t('failed', { action: t(task), reason }));
  }
}
