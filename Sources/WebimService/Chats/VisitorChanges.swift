import WebimWire

/// Runs a change on one visitor and tells whoever waits for it: the visitor's held polls (`RevisionBroadcaster`)
/// and the console (`ConsoleEventHub`). Every type that changes a visitor changes them through this one, so that no
/// change is ever durable without being announced.
///
/// It is also where a visitor's bytes are charged (`StorageGuard.settle`): whatever a change stored, whoever made it.
struct VisitorChanges: Sendable {
    let database: ServiceDatabase
    let library: ScenarioLibrary
    let broadcaster: RevisionBroadcaster
    let events: ConsoleEventHub
    let storage: StorageGuard
    /// Whether a change past the visitor's budget is refused: the visitor's side, unless a call says otherwise.
    var admission = StorageGuard.Admission.refusedPastBudget

    /// The same, for the operator's and the scenarios' side: their changes are charged to the visitor whose
    /// conversation they are in, and never refused for it.
    var operatorSide: VisitorChanges {
        var changes = self
        changes.admission = .chargedAlways
        return changes
    }

    /// Runs `body` in one transaction on the visitor and charges what it stored (`admission`, else this value's);
    /// if it logged a new revision, wakes their polls and the console.
    @discardableResult
    func commit<Result: Sendable>(
        visitorID: String,
        admission: StorageGuard.Admission? = nil,
        _ body: @escaping @Sendable (inout VisitorChange) throws -> Result
    ) async throws -> Result {
        let library = library
        let (storage, admission) = (storage, admission ?? self.admission)
        let settled: @Sendable (inout VisitorChange) throws -> Result = { change in
            let result = try body(&change)
            try storage.settle(&change, admission: admission)
            return result
        }
        let (result, logged) = try await database.change(
            visitorID: visitorID,
            editingAllowed: { library.location($0.location).flag(LocationConfigResponse.Key.visitorMessageEditing) },
            settled
        )
        if let logged {
            await broadcaster.publish(visitorID: visitorID, logged: logged)
            await events.publish(ConsoleEvent(kind: "visitor.changed", visitorID: visitorID, revision: logged.revision))
        }
        return result
    }
}
