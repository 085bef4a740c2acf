import HTTPAPI
import Synchronization
import WebimClientLibrary

/// What a tab learned from the chat service's storage refusals: once the visitor's budget is used up it stays used
/// up (the service never gives it back while the visitor is kept), so the tab answers the page's next send or
/// upload with a 507 itself instead of queuing what the service will refuse.
final class BudgetRefusals: Sendable {
    private let visitorBudgetUsedUp = Mutex(false)

    /// The service refused a message or file for `refusal`.
    func refused(_ refusal: StorageRefusal) {
        // The service's folder frees space when visitors are pruned, so its refusal is not kept.
        if refusal == .visitorBudget { visitorBudgetUsedUp.withLock { $0 = true } }
    }

    /// Throws the 507 the page shows when the visitor's budget is known to be used up.
    func check() throws {
        if visitorBudgetUsedUp.withLock({ $0 }) { throw APIError.visitorBudgetExceeded }
    }
}
