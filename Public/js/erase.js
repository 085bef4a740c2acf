// Erasing a visitor from this browser and the server: the kiosk's reset, and an embedded chat's
// reset or withdrawn consent.

/** How long an erase waits for the server to delete the tab before going on anyway. */
const DELETE_TIMEOUT_MS = 5000;

/** Removes everything this origin stored (in a site's frame: what it stored under that site). */
export function wipeStorage() {
  for (const storage of [globalThis.sessionStorage, globalThis.localStorage]) {
    try {
      storage?.clear();
    } catch {
      // Storage disabled: there is nothing to wipe.
    }
  }
}

/**
 * `DELETE /api/tabs/{tab}?clear=1`; a failure is logged and the erase goes on (the next visitor
 * gets a new tab anyway, and the server deletes what no page comes back for).
 * @param {string} tabId
 */
export async function deleteTab(tabId) {
  try {
    const response = await fetch(`/api/tabs/${encodeURIComponent(tabId)}?clear=1`, {
      method: 'DELETE',
      keepalive: true,
      signal: AbortSignal.timeout(DELETE_TIMEOUT_MS),
    });
    if (!response.ok && response.status !== 404) console.warn('Could not delete the tab', response.status);
  } catch (error) {
    console.warn('Could not delete the tab', error);
  }
}
