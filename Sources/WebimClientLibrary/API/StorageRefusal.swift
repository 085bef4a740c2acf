import WebimWire

/// A message or upload the service refused because a storage budget is used up (`visitor_budget_exceeded`,
/// `storage_budget_exceeded`). Not in the reference: its handlers see these as `unknown`, as an SDK app does.
package enum StorageRefusal: Sendable, Equatable {
    /// The visitor has stored as many bytes as the service keeps for one visitor, across all their chats.
    case visitorBudget
    /// The service's data folder is at its budget.
    case serverBudget

    /// The refusal a wire error names, if it is one of these.
    package init?(wireCode: String) {
        switch wireCode {
        case WireError.visitorBudgetExceeded: self = .visitorBudget
        case WireError.storageBudgetExceeded: self = .serverBudget
        default: return nil
        }
    }
}

/// A completion handler of `send(_:clientSideID:completionHandler:)` that is told a storage refusal as such, in
/// place of the reference's `unknown`.
package protocol StorageRefusalHandler: AnyObject, Sendable {
    /// The message or file `messageID` was refused for `refusal`.
    func onFailure(messageID: String, refusal: StorageRefusal)
}
