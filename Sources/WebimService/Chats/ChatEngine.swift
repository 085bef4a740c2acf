import Foundation
import Logging
import ServiceLifecycle
import WebimWire

/// The server side of the visitor protocol (PROTOCOL.md §2–§9) and the operator-side changes that scenarios
/// and the console make. Every change goes through `ServiceDatabase.change`, so it is durable and logged as deltas.
public struct ChatEngine: Sendable {
    let database: ServiceDatabase
    let library: ScenarioLibrary
    let files: FileStore
    let broadcaster = RevisionBroadcaster()
    let events: ConsoleEventHub
    let triggers: AsyncStream<ScenarioTrigger>.Continuation
    /// How long a delta poll is held when nothing changes (PROTOCOL.md §2.5: ≤ 25 s).
    let holdTimeout: Duration
    /// The account's private key for `visitor-ext` hashes (PROTOCOL.md §2.7).
    let accountPrivateKey: String
    /// How far ahead a download link's `expires` may be: the client signs the link with its own token, so without a
    /// bound a link once handed out would never expire.
    let maximumDownloadLinkLifetime: Duration
    let logger: Logger

    /// The protocol's reads, which change nothing.
    var reads: HistoryReads { HistoryReads(database: database, library: library) }

    // MARK: Delta

    /// Answers a delta poll: what changed after `since`, holding the request while nothing has.
    func delta(_ parameters: [String: String]) async throws -> DeltaAnswer {
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
                    group.addTask { try? await Task.sleep(for: holdTimeout) }
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

    // MARK: Actions

    /// Performs a visitor action (PROTOCOL.md §5); documented failures become `{"error": …}`.
    func perform(_ fields: [String: String], file: UploadedPart? = nil) async throws -> ActionResponse {
        guard let visitor = try await database.authorizedVisitor(fields) else {
            return .failure(WireError.reinitRequired)
        }
        if visitor.banned { return .failure(WireError.visitorBanned) }
        let parameters = ActionParameters(fields)
        do {
            guard let name = parameters[WireParameter.action] else { throw ProtocolFailure(WireError.argumentMissing) }
            guard let action = WireAction(rawValue: name) else { throw ProtocolFailure(WireError.unknownMethod) }
            return try await perform(action, parameters: parameters, visitor: visitor, file: file)
        } catch let failure as ProtocolFailure {
            return failure.nested
                ? ActionResponse(data: .object(["error": .string(failure.code)])) : .failure(failure.code)
        }
    }

    private func perform(
        _ action: WireAction,
        parameters: ActionParameters,
        visitor: VisitorRecord,
        file: UploadedPart?
    ) async throws -> ActionResponse {
        switch action {
        case .chatStart: try await startChat(visitor: visitor, parameters: parameters)
        case .chatClose: try await closeChat(visitorID: visitor.id, state: ChatStateValue.closedByVisitor)
        case .chatMessage: try await receiveMessage(visitor: visitor, parameters: parameters)
        case .chatDeleteMessage: try await deleteVisitorMessage(visitor: visitor, parameters: parameters)
        case .chatReactMessage: try await react(visitor: visitor, parameters: parameters)
        case .chatVisitorTyping: try await visitorTyping(visitor: visitor, parameters: parameters)
        case .chatReadByVisitor: try await readByVisitor(visitor: visitor)
        case .chatOperatorRateSelect: try await rateOperator(visitor: visitor, parameters: parameters)
        case .chatResolutionSurveySelect: try await answerResolutionSurvey(visitor: visitor, parameters: parameters)
        case .chatKeyboardResponse: try await respondToKeyboard(visitor: visitor, parameters: parameters)
        case .chatSetPrechatFields: try await setPrechatFields(visitor: visitor, parameters: parameters)
        case .chatSendChatHistory: try await sendChatHistory(visitor: visitor, parameters: parameters)
        case .chatClearHistory: try await clearHistory(visitor: visitor)
        case .chatActionRequest: try await record(visitor: visitor, action: action, parameters: parameters)
        case .chatContactsResponse: try await respondWithContacts(visitor: visitor, parameters: parameters)
        case .chatOfflineMessage: try await receiveOfflineMessage(visitor: visitor, parameters: parameters, file: file)
        case .sticker: try await receiveSticker(visitor: visitor, parameters: parameters)
        case .geoResponse: try await receiveLocation(visitor: visitor, parameters: parameters)
        case .surveyAnswer: try await answerSurvey(visitor: visitor, parameters: parameters)
        case .surveyCancel: try await cancelSurvey(visitor: visitor, parameters: parameters)
        case .setPushToken: try await setPushToken(visitor: visitor, parameters: parameters)
        case .widgetUpdate, .fileUploadProgress:
            try await record(visitor: visitor, action: action, parameters: parameters)
        }
        return .ok
    }

    // MARK: Helpers

    /// Runs a change on a visitor and wakes their polls and the console if it produced a new revision.
    @discardableResult
    func change<Result: Sendable>(
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

    /// Tells the scenario runner that something happened to a visitor.
    func trigger(_ visitor: VisitorRecord, _ event: ScenarioTrigger.Event) {
        triggers.yield(ScenarioTrigger(visitorID: visitor.id, location: visitor.location, event: event))
    }
}
