import HTTPAPI
import WebimWire

/// The one place a visitor's bytes are counted: every change to a visitor is settled here, in its transaction
/// (`VisitorChanges.commit`), so that no action can store without paying.
///
/// What a change stored is measured, not declared by the action: the delta items it logs (a message, its `data`,
/// quote and keyboard, a chat, a rating, a survey answer: each is logged whole), what grew in the visitor's row
/// (custom fields, contacts, prechat fields, a push token) and what it stored beside both (uploads, recorded
/// actions). A new action that stores anything is charged without a line of its own.
struct StorageGuard: Sendable {
    let budgets: StorageBudgets
    let usage: DataFolderUsage

    /// Whether a change that would pass a budget is refused.
    enum Admission: Sendable {
        /// A visitor's own action: `visitor_budget_exceeded` past their budget, `storage_budget_exceeded` while the
        /// folder is at its own.
        case refusedPastBudget
        /// Charged, never refused: the operator's and the scenario's side of the conversation (a person, or a bot
        /// answering an action that was charged), and the visitor's actions that can only follow a charged one
        /// (closing the chat a start opened, deleting or reading a message that was stored, loading the page).
        case chargedAlways
    }

    /// Refuses an upload of `bytes` from `visitor` before any of it is written (`visitor_budget_exceeded`), or
    /// anything new while the folder is at its budget (`storage_budget_exceeded`). The change that then stores it is
    /// settled as every change is.
    func admit(_ bytes: Int64, from visitor: VisitorRecord) throws {
        guard visitor.storedBytes + bytes <= budgets.visitorBytes else {
            throw ProtocolFailure(WireError.visitorBudgetExceeded)
        }
        guard usage.bytes + bytes <= budgets.folderBytes else {
            throw ProtocolFailure(WireError.storageBudgetExceeded)
        }
    }

    /// Charges what `change` stored to its visitor, or refuses the whole change (its transaction rolls back) when
    /// `admission` says so and a budget would be passed. A retry that stored nothing is never refused.
    func settle(_ change: inout VisitorChange, admission: Admission) throws {
        let bytes = Self.bytes(storedBy: change)
        guard bytes > 0 else { return }
        if admission == .refusedPastBudget {
            guard change.visitor.storedBytes + bytes <= budgets.visitorBytes else {
                throw ProtocolFailure(WireError.visitorBudgetExceeded)
            }
            guard usage.bytes + bytes <= budgets.folderBytes else {
                throw ProtocolFailure(WireError.storageBudgetExceeded)
            }
        }
        change.visitor.storedBytes += bytes
    }

    /// The bytes `change` stored: its delta items, what it stored beside them, and what grew in the visitor's row.
    static func bytes(storedBy change: VisitorChange) -> Int64 {
        let logged = change.items.reduce(Int64(0)) { $0 + Int64($1.utf8.count) }
        let grown = max(0, rowBytes(of: change.visitor) - rowBytes(of: change.visitorBefore))
        return logged + change.unloggedBytes + grown
    }

    /// The visitor's row's texts that a visitor's actions can lengthen.
    private static func rowBytes(of visitor: VisitorRecord) -> Int64 {
        let texts = [
            visitor.name, visitor.fields, visitor.signedFields, visitor.prechatFields ?? "", visitor.pushToken ?? "",
        ]
        return texts.reduce(Int64(0)) { $0 + Int64($1.utf8.count) }
    }
}

extension VisitorChange {
    /// Gives back the bytes of an unsent upload the visitor deleted: they are off the disk.
    mutating func refund(_ bytes: Int64) {
        visitor.storedBytes = max(0, visitor.storedBytes - bytes)
    }
}
