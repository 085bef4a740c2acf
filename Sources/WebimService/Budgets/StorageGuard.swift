import WebimWire

/// Whether a visitor's upload or message may be stored: within the visitor's budget (read before any byte is
/// written, and charged for good in the change's transaction) and with the data folder under its own.
struct StorageGuard: Sendable {
    let budgets: StorageBudgets
    let usage: DataFolderUsage

    /// Refuses `bytes` more from `visitor` (`visitor_budget_exceeded`), or anything new while the folder is at
    /// its budget (`storage_budget_exceeded`).
    func admit(_ bytes: Int64, from visitor: VisitorRecord) throws {
        guard visitor.storedBytes + bytes <= budgets.visitorBytes else {
            throw ProtocolFailure(WireError.visitorBudgetExceeded)
        }
        guard usage.bytes + bytes <= budgets.folderBytes else {
            throw ProtocolFailure(WireError.storageBudgetExceeded)
        }
    }

    /// Charges a message's `bytes` to the change's visitor, refusing them past either budget. In the transaction,
    /// after a retry of a message already stored has been answered, so that a retry is never refused.
    func charge(_ bytes: Int64, to change: inout VisitorChange) throws {
        guard usage.bytes + bytes <= budgets.folderBytes else { throw ProtocolFailure(WireError.storageBudgetExceeded) }
        try change.charge(bytes, within: budgets.visitorBytes)
    }

    /// The bytes a message's text takes as stored (UTF-8).
    static func bytes(of text: String) -> Int64 { Int64(text.utf8.count) }
}

extension VisitorChange {
    /// Counts `bytes` against the visitor for good, in the change's transaction, so that two uploads racing each
    /// other cannot both pass the check `StorageGuard.admit` made before either was stored.
    mutating func charge(_ bytes: Int64, within budget: Int64) throws {
        guard visitor.storedBytes + bytes <= budget else { throw ProtocolFailure(WireError.visitorBudgetExceeded) }
        visitor.storedBytes += bytes
    }

    /// Gives back the bytes of an unsent upload the visitor deleted: they are off the disk.
    mutating func refund(_ bytes: Int64) {
        visitor.storedBytes = max(0, visitor.storedBytes - bytes)
    }
}
