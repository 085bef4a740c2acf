/// The bytes the service keeps: for one visitor across all their chats, and in all in its data folder; and how long a
/// visitor who sent files is kept after they stop coming back.
///
/// Both servers take their budgets from here (`--storage-budget-mb` and `--visitor-retention-days` are each server's
/// folder and the widget's kept tabs too), so that a site's and a kiosk's defaults are written once for both.
public struct StorageBudgets: Sendable, Equatable {
    /// Uploads and message text one visitor may store, in bytes, counted across every chat they ever had: closing a
    /// chat and starting another does not give them more.
    public var visitorBytes: Int64
    /// Everything in the service's data folder (`service.sqlite`, its log, `files/`), in bytes; past it the service
    /// stores no new upload or message.
    public var folderBytes: Int64
    /// A visitor with files or chats is forgotten, their files with them, after this long without a page load or a
    /// message.
    public var retention: Duration

    /// Budgets in bytes, as tests give them.
    public init(visitorBytes: Int64, folderBytes: Int64, retention: Duration) {
        self.visitorBytes = visitorBytes
        self.folderBytes = folderBytes
        self.retention = retention
    }

    /// A budget of `visitorMegabytes` per visitor and `folderMegabytes` for the folder (MiB).
    public init(visitorMegabytes: Int, folderMegabytes: Int, retentionDays: Int) {
        self.init(
            visitorBytes: Int64(visitorMegabytes) * 1_048_576,
            folderBytes: Int64(folderMegabytes) * 1_048_576,
            retention: .seconds(Int64(retentionDays) * 86_400)
        )
    }

    /// A site's: five of the largest files a location allows (10 MB) per visitor; 10 GiB of folder, which
    /// holds two hundred visitors at their whole budget and leaves a small server's disk room for its logs; files
    /// kept 30 days, long enough for a visitor to come back to a conversation.
    public static let site = StorageBudgets(visitorMegabytes: 50, folderMegabytes: 10_240, retentionDays: 30)

    /// A kiosk's: each visitor is a passer-by whose chat is reset after use, so 10 MB each, 2 GiB of folder on
    /// a small device's disk, and a day's retention.
    public static let kiosk = StorageBudgets(visitorMegabytes: 10, folderMegabytes: 2_048, retentionDays: 1)
}
