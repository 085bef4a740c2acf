import Foundation
import HTTPAPI
import ServiceLifecycle
import WebimWire

/// The delta poll (PROTOCOL.md §2.5): what changed after `since`, holding the request while nothing has. It decides
/// only how long to hold and where the answer comes from (the broadcaster's memory or the log).
struct DeltaPolls: Sendable {
    let database: ServiceDatabase
    let broadcaster: RevisionBroadcaster
    /// How long a poll is held when nothing changes (≤ 25 s).
    let holdTimeout: Duration

    /// Answers a delta poll.
    func answer(_ parameters: [String: String]) async throws -> DeltaAnswer {
        guard let visitor = try await database.authorizedVisitor(parameters) else {
            return .response(DeltaResponse(error: WireError.reinitRequired))
        }
        if visitor.banned { return .response(DeltaResponse(error: WireError.visitorBanned)) }
        guard let since = parameters[WireParameter.since].flatMap({ Int($0) }), since <= visitor.revision else {
            // A revision from the future means our state was reset: the client must start over.
            return .response(DeltaResponse(error: WireError.reinitRequired))
        }
        if since == visitor.revision {
            // A held poll ends early on shutdown, so that stopping the service never waits out the hold.
            await cancelWhenGracefulShutdown {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await broadcaster.waitForRevision(after: since, visitorID: visitor.id) }
                    group.addTask { try? await database.clock.sleep(for: holdTimeout) }
                    await group.next()
                    group.cancelAll()
                }
            }
        }
        // The revision right after `since`, as the change that made it just told the broadcaster: no need to
        // read back what was committed a moment ago (that read was an eighth of the operator → page latency).
        if let logged = await broadcaster.logged(visitorID: visitor.id, after: since) {
            if logged.banned { return .response(DeltaResponse(error: WireError.visitorBanned)) }
            return .logged(revision: logged.revision, items: logged.items)
        }
        let (current, items) = try await database.deltas(visitorID: visitor.id, after: since)
        // A ban while the poll was held is fatal at once, not on the next request.
        if current?.banned == true { return .response(DeltaResponse(error: WireError.visitorBanned)) }
        return .logged(revision: current?.revision ?? since, items: items)
    }
}
