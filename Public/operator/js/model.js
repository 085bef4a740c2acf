// Pure reads of the service's wire chat and message objects (PROTOCOL.md §4): what the views show
// and which actions a message allows. No DOM here; words come from the console's strings (i18n.js).

import { t, tOr } from './i18n.js';

/** Chat states that take no more messages. */
const CLOSED_STATES = new Set(['closed', 'closed_by_operator', 'closed_by_visitor']);

/** Kinds the visitor writes. */
const VISITOR_KINDS = new Set(['visitor', 'file_visitor', 'keyboard_response', 'sticker_visitor', 'contacts']);

/** Kinds written by the system rather than a person. */
const SYSTEM_KINDS = new Set(['info', 'operator_busy', 'cont_req', 'action_request', 'for_operator']);

/** Kinds the console may edit, delete or quote (PATCH/DELETE answer 409 for others). */
const DELETABLE_KINDS = new Set(['operator', 'file_operator', 'keyboard', 'info', 'operator_busy', 'cont_req']);
const QUOTABLE_KINDS = new Set(['visitor', 'operator', 'file_visitor', 'file_operator']);

/**
 * A message kind's readable name, shown beside the sender; the wire kind when the strings have none.
 * @param {string} kind
 * @returns {string}
 */
export function kindLabel(kind) {
  return tOr(`kind.${kind}`, kind);
}

/**
 * A chat state's readable name; the wire state when the strings have none.
 * @param {string} state
 * @returns {string}
 */
export function stateLabel(state) {
  return tOr(`state.${state}`, state);
}

/**
 * @param {{chat?: object | null}} visitor
 * @returns {string} The chat's wire state, or `none`.
 */
export function chatState(visitor) {
  return typeof visitor.chat?.state === 'string' ? visitor.chat.state : 'none';
}

/**
 * @param {{chat?: object | null}} visitor
 * @returns {boolean} Whether the visitor has a chat that takes messages.
 */
export function hasOpenChat(visitor) {
  const state = chatState(visitor);
  return state !== 'none' && !CLOSED_STATES.has(state);
}

/**
 * @param {{chat?: object | null}} visitor
 * @returns {object[]} The current chat's messages, oldest first.
 */
export function messagesOf(visitor) {
  return Array.isArray(visitor.chat?.messages) ? visitor.chat.messages : [];
}

/**
 * @param {{chat?: object | null}} visitor
 * @returns {number} Visitor messages the operator has not read.
 */
export function unreadCount(visitor) {
  return messagesOf(visitor).filter((message) => VISITOR_KINDS.has(message.kind) && message.read !== true).length;
}

/** The share of the visitor budget from which the console flags a visitor (80 %). */
export const NEAR_BUDGET = 0.8;

/**
 * How much of the service's per-visitor budget the visitor has stored, 0 to 1 (uploads and
 * message text across all their chats).
 * @param {{storage?: {usedBytes: number, budgetBytes: number}}} visitor
 * @returns {number}
 */
export function storageShare(visitor) {
  const storage = visitor.storage;
  if (!storage || !(storage.budgetBytes > 0)) return 0;
  return Math.min(1, storage.usedBytes / storage.budgetBytes);
}

/**
 * Bytes as megabytes with one decimal, for the console's labels.
 * @param {number} bytes
 * @returns {string}
 */
export function megabytes(bytes) {
  return (bytes / 1048576).toFixed(1);
}

/**
 * @param {object} message A wire message.
 * @returns {'visitor' | 'operator' | 'system'} Who wrote it, for layout.
 */
export function authorKind(message) {
  if (VISITOR_KINDS.has(message.kind)) return 'visitor';
  if (SYSTEM_KINDS.has(message.kind)) return 'system';
  return 'operator';
}

/**
 * @param {object} message
 * @returns {number} Milliseconds since the epoch (NaN when unknown).
 */
export function messageTime(message) {
  if (typeof message.ts_m === 'number') return message.ts_m / 1000;
  if (typeof message.ts === 'number') return message.ts * 1000;
  return Number.NaN;
}

/**
 * The files of a file message, from its text (one JSON object or an array).
 * @param {object} message
 * @returns {Array<{guid: string, filename: string, size: number | null, contentType: string}>}
 */
export function filesOf(message) {
  if (message.kind !== 'file_visitor' && message.kind !== 'file_operator') return [];
  let parsed;
  try {
    parsed = JSON.parse(message.text);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list
    .filter((item) => item && typeof item.guid === 'string')
    .map((item) => ({
      guid: item.guid,
      filename: typeof item.filename === 'string' ? item.filename : item.guid,
      size: typeof item.size === 'number' ? item.size : null,
      contentType: typeof item.content_type === 'string' ? item.content_type : '',
    }));
}

/**
 * @param {object} message
 * @returns {string} The caption sent with a file, or an empty string.
 */
export function captionOf(message) {
  return typeof message.data?.extra_text === 'string' ? message.data.extra_text : '';
}

/**
 * The keyboard of a `keyboard` message.
 * @param {object} message
 * @returns {{state: string, rows: Array<Array<{id: string, text: string, link: string | null, look: string, chosen: boolean}>>} | null}
 */
export function keyboardOf(message) {
  if (message.kind !== 'keyboard' || !Array.isArray(message.data?.buttons)) return null;
  const chosen = message.data.response?.buttonId ?? null;
  const state = ['pending', 'completed'].includes(message.data.state) ? message.data.state : 'canceled';
  const rows = message.data.buttons.filter(Array.isArray).map((row) =>
    row
      .filter((button) => button && typeof button.id === 'string')
      .map((button) => ({
        id: button.id,
        text: typeof button.text === 'string' ? button.text : button.id,
        link: typeof button.config?.link === 'string' ? button.config.link : null,
        // `showing` (the default), `showing_selected`, or anything else meaning hidden (PROTOCOL.md §8.4).
        look: ['showing', 'showing_selected'].includes(button.config?.state ?? 'showing')
          ? (button.config?.state ?? 'showing')
          : 'hidden',
        chosen: button.id === chosen,
      })),
  );
  return { state, rows };
}

/**
 * What a message's quote shows.
 * @param {object} message
 * @returns {string | null} The quote's text, or null when the message quotes nothing.
 */
export function quoteText(message) {
  const quote = message.quote;
  if (!quote || typeof quote !== 'object') return null;
  if (quote.state === 'pending') return t('quote.pending');
  if (quote.state !== 'filled' || !quote.message) return t('quote.gone');
  const original = quote.message;
  const author = typeof original.name === 'string' && original.name !== '' ? `${original.name}: ` : '';
  return author + summaryOf({ kind: original.kind, text: original.text ?? '' });
}

/**
 * A one-line summary of a message, for the chat list and quotes.
 * @param {object} message
 * @returns {string}
 */
export function summaryOf(message) {
  const files = filesOf(message);
  if (files.length > 0) return t('summary.file', { names: files.map((file) => file.filename).join(', ') });
  if (message.kind === 'keyboard') return t('summary.keyboard');
  if (message.kind === 'sticker_visitor') return t('summary.sticker');
  return typeof message.text === 'string' ? message.text : '';
}

/**
 * @param {object} message
 * @returns {boolean} Whether the console can quote it in an answer.
 */
export function canQuote(message) {
  return QUOTABLE_KINDS.has(message.kind);
}

/**
 * @param {object} message
 * @returns {boolean} Whether the console can edit it (operator text only).
 */
export function canEdit(message) {
  return message.kind === 'operator';
}

/**
 * @param {object} message
 * @returns {boolean} Whether the console can delete it (operator-side messages).
 */
export function canDelete(message) {
  return DELETABLE_KINDS.has(message.kind);
}
