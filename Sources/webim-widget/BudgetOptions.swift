import ArgumentParser
import HTTPAPI

/// The storage budgets `serve` and `service` share: per visitor in the embedded service, per server data folder, and
/// how long a visitor who chatted is kept. Unset, each takes the site's default, or the kiosk's under `serve --kiosk`
/// (`StorageBudgets.site`, `.kiosk`).
struct BudgetOptions: ParsableArguments {
    @Option(
        help: """
            Megabytes one visitor may store in the embedded chat service, uploads and message text together, across \
            all their chats (default 50; 10 with --kiosk).
            """
    )
    var visitorBudgetMb: Int?

    @Option(
        help: """
            Megabytes each server's data folder may hold (the service's database and files; the widget's tabs and \
            history store); past it new messages and uploads get 507 (default 10240; 2048 with --kiosk).
            """
    )
    var storageBudgetMb: Int?

    @Option(
        help: """
            Days a visitor who chatted or sent files is kept after their last visit, by the embedded service and by \
            the widget server (whose browsers keep the visitor as long); then they are forgotten with their files \
            (default 30; 1 with --kiosk).
            """
    )
    var visitorRetentionDays: Int?

    func validate() throws {
        for (name, value) in [
            ("--visitor-budget-mb", visitorBudgetMb), ("--storage-budget-mb", storageBudgetMb),
            ("--visitor-retention-days", visitorRetentionDays),
        ] {
            if let value, value < 1 { throw ValidationError("\(name) is at least 1.") }
        }
    }

    /// The budgets asked for, the others the defaults of a kiosk or a site.
    func budgets(kiosk: Bool) -> StorageBudgets {
        let defaults: StorageBudgets = kiosk ? .kiosk : .site
        var budgets = defaults
        if let visitorBudgetMb { budgets.visitorBytes = Int64(visitorBudgetMb) << 20 }
        if let storageBudgetMb { budgets.folderBytes = Int64(storageBudgetMb) << 20 }
        if let visitorRetentionDays { budgets.retention = .seconds(Int64(visitorRetentionDays) * 86_400) }
        return budgets
    }
}
