import WebimWire

/// Runs a change on one visitor and tells whoever waits for it: the visitor's held polls (`RevisionBroadcaster`)
/// and the console (`ConsoleEventHub`). Every type that changes a visitor changes them through this one, so that no
/// change is ever durable without being announced.
struct VisitorChanges: Sendable {
    let database: ServiceDatabase
    let library: ScenarioLibrary
    let broadcaster: RevisionBroadcaster
    let events: ConsoleEventHub

    /// Runs `body` in one transaction on the visitor; if it logged a new revision, wakes their polls and the console.
    @discardableResult
    func commit<Result: Sendable>(
        visitorID: String,
        _ body: @escaping @Sendable (inout VisitorChange) throws -> Result
    ) async throws -> Result {
        let library = library
        let (result, logged) = try await database.change(
            visitorID: visitorID,
            editingAllowed: { library.location($0.location).flag(LocationConfigResponse.Key.visitorMessageEditing) },
            body
        )
        if let logged {
            await broadcaster.publish(visitorID: visitorID, logged: logged)
            await events.publish(ConsoleEvent(kind: "visitor.changed", visitorID: visitorID, revision: logged.revision))
        }
        return result
    }
}
