// HTTP calls to the widget server, through the page kit's JsonApi: every failure is an ApiError
// (`shared/api.js`) carrying the server's `{"error": {"code", "message", "field"}}` body, or a local
// code when no such body could be read.

import { ApiError, JsonApi } from '../shared/api.js';

/** How long one request may take before it counts as failed, in milliseconds. */
export const REQUEST_TIMEOUT_MS = 15000;

/** Talks JSON to this origin's `/api` routes. */
export class ApiClient extends JsonApi {
  constructor() {
    super({ timeoutMs: REQUEST_TIMEOUT_MS, peer: 'server' });
  }

  /**
   * Opens the tab this page names (one chat session on the server): the server that has it goes
   * on with it; another one continues its visitor from the sealed `credential`; else it is new.
   * @param {string} tabId The id this page made for its tab (`makeTabId`).
   * @param {{location?: string, credential?: string, kiosk?: boolean, coreLog?: string}} fields
   * @returns {Promise<string>} The tab id.
   */
  async createTab(tabId, fields) {
    return requireString(await this.request('POST', this.tabPath(tabId), fields), 'tabId');
  }

  /**
   * Sends a visitor message. Retrying with the same clientId is safe: the server deduplicates it.
   * @param {string} tabId
   * @param {{text: string, clientId: string, quotedMessageId?: string, data?: object}} message
   * @returns {Promise<string>} The server's message id.
   */
  async sendMessage(tabId, message) {
    const body = await this.request('POST', this.tabPath(tabId, '/messages'), message);
    return requireString(body, 'id');
  }

  /**
   * A path under one tab, such as `/api/tabs/{tab}/limits`.
   * @param {string} tabId
   * @param {string} [rest]
   * @returns {string}
   */
  tabPath(tabId, rest = '') {
    return `/api/tabs/${encodeURIComponent(tabId)}${rest}`;
  }
}

function requireString(body, field) {
  const value = body?.[field];
  if (typeof value !== 'string' || value === '') {
    throw new ApiError(200, 'bad_response', `The server's answer has no "${field}".`);
  }
  return value;
}
