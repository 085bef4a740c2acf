/// Why a tab closes, which decides what happens to its visitor's data folder.
enum TabEnding: Sendable {
    /// The server is stopping: the page will come back (`resume`), so everything is kept.
    case shutdown
    /// The reaper closed it, or its page left (`DELETE` without `clear`): kept for `resume` if the visitor ever did
    /// something, deleted at once if not, so that a page load that never chatted leaves nothing on disk.
    case closed
    /// A kiosk reset (`clear=1`): the visitor's data is deleted whatever happened.
    case erased
}
