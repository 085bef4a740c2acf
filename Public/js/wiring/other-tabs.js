// Another tab of the site erased the visitor, logged them out or began a new one: this one follows, from a fresh
// load. So does a page still opening the tab it claimed, which would otherwise show a visitor no longer kept.

/** @param {import('./page.js').Page} page */
export function followOtherTabs({ session }) {
  session.keeper.watch((kept) => {
    const tabId = session.claimedTabId;
    if (tabId !== null && kept?.tabId !== tabId) {
      session.stop();
      location.replace(location.href);
    }
  });
}
