import Foundation

/// One scenario's line in the table: what it did, how many faults it injected, and what went wrong.
struct FaultReport: Sendable {
    var scenario: String
    /// How many of which fault, e.g. "20 service SIGKILLs".
    var faults: String
    var tabs: Int
    var reconciliation: Conversation.Reconciliation
    /// Answers that broke the contract (a 202 while the disk refused the write, say).
    var violations = 0
    /// Figures the scenario measured, e.g. recovery percentiles.
    var notes: [String] = []
    /// Why the scenario could not run to its end, if it could not.
    var failure: String?

    var isClean: Bool {
        failure == nil && reconciliation.lost == 0 && reconciliation.duplicated == 0 && reconciliation.outOfOrder == 0
            && reconciliation.gaps == 0 && violations == 0
    }

    static let header = """
        | scenario | tabs | faults | visitor msgs 2xx | operator msgs 2xx | events | lost | duplicated | out of order \
        | id gaps | contract breaks | notes |
        |---|---|---|---|---|---|---|---|---|---|---|---|
        """

    var row: String {
        let figures = reconciliation
        let columns = [
            scenario, String(tabs), faults, String(figures.visitorMessages), String(figures.operatorMessages),
            String(figures.events), String(figures.lost), String(figures.duplicated), String(figures.outOfOrder),
            String(figures.gaps), String(violations),
            (failure.map { ["did not finish: \($0)"] } ?? notes).joined(separator: "; "),
        ]
        return "| " + columns.joined(separator: " | ") + " |"
    }
}
