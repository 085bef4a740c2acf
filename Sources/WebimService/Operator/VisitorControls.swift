/// What the console decides about a visitor rather than their chat: a ban (their held poll answers
/// `visitor_banned` at once) and whether their scenario is paused so that a person can take over.
struct VisitorControls: Sendable {
    let database: ServiceDatabase
    let changes: VisitorChanges

    /// Bans or unbans a visitor.
    func setBanned(visitorID: String, banned: Bool) async throws {
        guard try await database.setBanned(visitorID: visitorID, banned: banned) else {
            throw OperatorActionError.notFound("visitor")
        }
        let revision = try await database.revision(visitorID: visitorID) ?? 0
        await changes.broadcaster.publish(visitorID: visitorID, revision: revision)
        await changes.events.publish(ConsoleEvent(kind: "visitor.changed", visitorID: visitorID, revision: revision))
    }

    /// Pauses or resumes a visitor's scenario.
    func setScenarioPaused(visitorID: String, paused: Bool) async throws {
        guard try await database.setScenarioPaused(visitorID: visitorID, paused: paused) else {
            throw OperatorActionError.notFound("visitor")
        }
        await changes.events.publish(ConsoleEvent(kind: "visitor.changed", visitorID: visitorID, revision: nil))
    }

    /// Whether a visitor's scenario is paused.
    func isScenarioPaused(visitorID: String) async throws -> Bool {
        try await database.visitor(id: visitorID)?.scenarioPaused ?? false
    }
}
