import Foundation
import HTTPAPI
import WebimWire

/// Init and light mode (PROTOCOL.md §2.2–§2.9): a page for a recognised or new visitor, and the full update that
/// starts their session.
struct VisitorSessions: Sendable {
    let database: ServiceDatabase
    let library: ScenarioLibrary
    let changes: VisitorChanges
    let identification: VisitorIdentification
    let triggers: ScenarioTriggers

    /// Answers init: recognises or creates the visitor and hands out a new page.
    func initialize(_ parameters: [String: String], bearerToken: String? = nil) async throws -> DeltaResponse {
        let location = library.location(
            parameters[WireParameter.location].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        )
        if location.accountBlocked { return DeltaResponse(error: WireError.accountBlocked) }
        let visitor: VisitorRecord
        do {
            if let bearerToken, parameters[WireParameter.deviceID] == nil {
                // Light mode: a known Bearer token replaces the query (PROTOCOL.md §2.9).
                guard let known = try await database.visitor(bearerToken: bearerToken) else {
                    return DeltaResponse(error: WireError.reinitRequired)
                }
                visitor = known
            } else {
                visitor = try await identification.visitor(parameters, location: location)
            }
        } catch let failure as ProtocolFailure {
            return DeltaResponse(error: failure.code)
        }
        if visitor.banned || location.visitorsBanned { return DeltaResponse(error: WireError.visitorBanned) }
        // A page load is never refused for the visitor's budget; the token it carries replaces the last one, and is
        // held to what a real push token is.
        if let token = parameters[WireParameter.pushToken], token.utf8.count <= VisitorRecord.maximumPushTokenBytes,
            token != visitor.pushToken
        {
            try await changes.commit(visitorID: visitor.id, admission: .chargedAlways) { change in
                change.visitor.pushToken = token
            }
        }
        let page = try await database.createPage(visitorID: visitor.id, now: database.clock.now())
        let editing = location.flag(LocationConfigResponse.Key.visitorMessageEditing)
        guard let snapshot = try await database.snapshot(visitorID: visitor.id, editingAllowed: editing) else {
            return DeltaResponse(error: WireError.wrongInit)
        }
        let update = try await fullUpdate(snapshot, page: page)
        if snapshot.chat == nil { triggers.send(visitor, .visited) }
        return DeltaResponse(revision: snapshot.visitor.revision, fullUpdate: update)
    }

    /// Light-mode auth: a page whose auth token becomes the Bearer token (PROTOCOL.md §2.9).
    func lightModeAuth(_ parameters: [String: String]) async throws -> LightModeAuthResponse {
        var fields = parameters
        fields[WireParameter.visitorExt] = parameters[WireParameter.providedVisitor]
        let location = library.location(parameters[WireParameter.location] ?? "default")
        do {
            guard parameters[WireParameter.deviceID] != nil else { throw ProtocolFailure(WireError.argumentMissing) }
            let visitor = try await identification.visitor(fields, location: location)
            if visitor.banned { throw ProtocolFailure(WireError.visitorBanned) }
            let page = try await database.createPage(visitorID: visitor.id, now: database.clock.now())
            let json = try MessageRecord.jsonText(visitor.wireObject)
            return LightModeAuthResponse(authToken: page.authToken, visitor: json)
        } catch let failure as ProtocolFailure {
            return LightModeAuthResponse(authToken: nil, visitor: nil, error: failure.code)
        }
    }

    /// Light-mode unread counter for a Bearer token.
    func lightModeInfo(bearerToken: String?) async throws -> LightModeInfoResponse {
        guard let bearerToken, let visitor = try await database.visitor(bearerToken: bearerToken) else {
            return LightModeInfoResponse(
                unreadMessagesCount: nil,
                historyLastChangeTs: nil,
                error: WireError.unauthorized
            )
        }
        let info = try await database.unreadInfo(visitorID: visitor.id)
        return LightModeInfoResponse(unreadMessagesCount: info.unread, historyLastChangeTs: info.lastChange)
    }

    /// The fullUpdate of a snapshot (PROTOCOL.md §3.2).
    private func fullUpdate(_ snapshot: VisitorSnapshot, page: PageRecord) async throws -> FullUpdate {
        let visitor = snapshot.visitor
        let location = library.location(visitor.location)
        let onlineStatus = try await database.onlineStatus(location: location.name)
        let departments = try await database.departments(location: location.name)
        let chatOpen = snapshot.chatState.map { !ChatStateValue.isClosed($0) } ?? false
        let survey = snapshot.survey.flatMap { try? $0.wireItem() }
        return FullUpdate(
            pageId: page.id,
            authToken: page.authToken,
            visitSessionId: visitor.visitSessionId,
            visitor: visitor.wireObject,
            visitorFull: VisitorItem(id: visitor.id, fields: visitor.fieldValues),
            state: chatOpen
                ? VisitSessionStateValue.chat
                : visitor.restingState(onlineStatus: onlineStatus, hasDepartments: !departments.isEmpty),
            onlineStatus: onlineStatus,
            chat: snapshot.chat,
            departments: departments,
            historyRevision: Int(snapshot.historyRevision),
            hintsEnabled: location.hintsEnabled,
            survey: survey,
            showHelloMessage: location.helloMessage != nil ? true : nil,
            chatStartAfterMessage: location.helloMessage != nil ? true : nil,
            helloMessageDescr: location.helloMessage
        )
    }
}
