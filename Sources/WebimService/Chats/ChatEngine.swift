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

    /// Performs a visitor action (PROTOCOL.md §5); documented failures become `{"error": …}`. The page's
    /// credentials and a ban are answered before the form is decoded, as they always were.
    func perform(_ fields: [String: String], file: UploadedPart? = nil) async throws -> ActionResponse {
        guard let visitor = try await database.authorizedVisitor(fields) else {
            return .failure(WireError.reinitRequired)
        }
        if visitor.banned { return .failure(WireError.visitorBanned) }
        do {
            try await perform(try VisitorAction(form: fields, file: file), visitor: visitor)
            return .ok
        } catch let failure as ProtocolFailure {
            return failure.nested
                ? ActionResponse(data: .object(["error": .string(failure.code)])) : .failure(failure.code)
        }
    }

    private func perform(_ action: VisitorAction, visitor: VisitorRecord) async throws {
        switch action {
        case .chatStart(let start): try await startChat(visitor: visitor, start)
        case .chatClose: try await closeChat(visitorID: visitor.id, state: ChatStateValue.closedByVisitor)
        case .chatMessage(let message): try await receiveMessage(visitor: visitor, message)
        case .chatDeleteMessage(let clientSideID):
            try await deleteVisitorMessage(visitor: visitor, clientSideID: clientSideID)
        case .chatReactMessage(let clientSideID, let reaction):
            try await react(visitor: visitor, clientSideID: clientSideID, reaction: reaction)
        case .chatVisitorTyping(let typing): try await visitorTyping(visitor: visitor, typing)
        case .chatReadByVisitor: try await readByVisitor(visitor: visitor)
        case .chatOperatorRateSelect(let rating): try await rateOperator(visitor: visitor, rating)
        case .chatResolutionSurveySelect(let answer): try await answerResolutionSurvey(visitor: visitor, answer)
        case .chatKeyboardResponse(let buttonID, let requestID):
            try await respondToKeyboard(visitor: visitor, buttonID: buttonID, requestMessageID: requestID)
        case .chatSetPrechatFields(let fields): try await setPrechatFields(visitor: visitor, fields)
        case .chatSendChatHistory(let email): try await sendChatHistory(visitor: visitor, email: email)
        case .chatClearHistory: try await clearHistory(visitor: visitor)
        case .chatContactsResponse(let fields): try await respondWithContacts(visitor: visitor, fields)
        case .chatOfflineMessage(let message): try await receiveOfflineMessage(visitor: visitor, message)
        case .sticker(let stickerID, let clientSideID):
            try await receiveSticker(visitor: visitor, stickerID: stickerID, clientSideID: clientSideID)
        case .surveyAnswer(let answer): try await answerSurvey(visitor: visitor, answer)
        case .surveyCancel(let surveyID): try await cancelSurvey(visitor: visitor, surveyID: surveyID)
        case .setPushToken(let token): try await setPushToken(visitor: visitor, token)
        case .chatActionRequest(let form), .geoResponse(_, let form), .widgetUpdate(let form),
            .fileUploadProgress(let form):
            try await record(visitor: visitor, action: action.wireAction, form: form)
        }
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
