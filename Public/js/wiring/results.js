// The outcome of an action taken on this page (the session's `result`) goes to the part that shows it.

/** @param {import('./page.js').Page} page */
export function wireResults({ session, strings, composer, parts }) {
  session.addEventListener('result', (event) => {
    const result = /** @type {CustomEvent} */ (event).detail;
    if (result.kind === 'rating') void parts.panels().then(({ rating }) => rating.result(result, 'rated'));
    else if (result.kind === 'resolution') void parts.panels().then(({ rating }) => rating.resolved(result));
    else if (result.kind === 'survey') void parts.survey().then((card) => card.result(result));
    else if (result.kind === 'transcript') void parts.panels().then(({ transcriptForm }) => transcriptForm.result(result, 'transcriptSent'));
    // A file the service refused is gone from the list (the SDK removes it), so the composer says why.
    else if (!result.ok && ['chat', 'file', 'sticker'].includes(result.kind)) composer.showError(result.error ? session.describe(result.error) : strings.t('unknownError'));
  });
}
