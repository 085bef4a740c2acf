import Foundation
import HTTPAPI
import Synchronization

/// The widget server's data folder (tab folders, outbox files, the shared history store) against its budget
/// (`--storage-budget-mb`): measured whole at start and after each sweep of closed tabs' data, plus what the pages
/// sent since, so that the check on each message or upload never walks the folder.
final class DataFolderBudget: Sendable {
    /// The most bytes the folder may hold before new messages and uploads are refused.
    let budgetBytes: Int64
    private let directory: URL
    private let bytes: Mutex<Int64>

    /// Measures `directory` now.
    init(directory: URL, budgetBytes: Int64) {
        self.directory = directory
        self.budgetBytes = budgetBytes
        bytes = Mutex(FolderBytes.under(directory))
    }

    /// Counts `count` more bytes, or throws a 507 naming the budget when the folder cannot take them. What is
    /// counted here is an estimate (the message's text or the file's bytes, not the store's overhead) until the next
    /// measurement replaces it.
    func admit(_ count: Int) throws {
        let admitted = bytes.withLock { total in
            guard total + Int64(count) <= budgetBytes else { return false }
            total += Int64(count)
            return true
        }
        guard admitted else { throw APIError.storageBudgetExceeded(budgetBytes: budgetBytes) }
    }

    /// The bytes the folder holds as last measured, plus what was admitted since.
    var usedBytes: Int64 { bytes.withLock { $0 } }

    /// Walks the folder again, after the sweep deleted old tabs' data or to correct the estimates.
    func remeasure() {
        let measured = FolderBytes.under(directory)
        bytes.withLock { $0 = measured }
    }
}
