// Older messages, loaded when the visitor scrolls to the top or presses "Load older messages": the
// first view never needs them, so they cost the page's first load nothing.

/** One page at a time, whoever asks. */
let loading = false;

/**
 * Loads the page of messages before the oldest one shown into the store.
 * @param {import('./api.js').ApiClient} api
 * @param {import('./store.js').ChatStore} store
 * @param {string} tabId
 */
export async function loadOlder(api, store, tabId) {
  const oldest = store.entries.find((entry) => entry.confirmed && entry.message.id !== '');
  if (loading || !store.hasMoreHistory || !oldest) return;
  loading = true;
  try {
    const answer = await api.request('GET', api.tabPath(tabId, `/history?before=${encodeURIComponent(oldest.message.id)}&limit=30`));
    store.prependHistory(Array.isArray(answer?.messages) ? answer.messages : [], Boolean(answer?.hasMore));
  } catch (error) {
    console.warn('Could not load older messages', error);
  } finally {
    loading = false;
  }
}
