// A location's status before any tab exists (`GET /api/locations/{location}/status`): an embedded launcher's
// online dot, and a kiosk's attract screen.

/**
 * The status in the `online.status` event's names, and whether the chat service answered at all; null when this
 * server did not answer either.
 * @param {string} location
 * @returns {Promise<{status: string, reachable: boolean} | null>}
 */
export async function fetchLocationStatus(location) {
  try {
    const response = await fetch(`/api/locations/${encodeURIComponent(location)}/status`);
    const answer = response.ok ? await response.json() : null;
    if (typeof answer?.status !== 'string') return null;
    return { status: answer.status, reachable: answer.reachable !== false };
  } catch {
    return null;
  }
}
