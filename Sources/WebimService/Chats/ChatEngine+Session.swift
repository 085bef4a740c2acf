import Foundation
import WebimWire

/// Init and light mode (PROTOCOL.md §2.2–§2.9).
extension ChatEngine {
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
                visitor = try await identifyVisitor(parameters, location: location)
            }
        } catch let failure as ProtocolFailure {
            return DeltaResponse(error: failure.code)
        }
        if visitor.banned { return DeltaResponse(error: WireError.visitorBanned) }
        if let token = parameters[WireParameter.pushToken] {
            try await change(visitorID: visitor.id) { change in change.visitor.pushToken = token }
        }
        let page = try await database.createPage(visitorID: visitor.id, now: ChatClock.now())
        let editing = location.flag(LocationConfigResponse.Key.visitorMessageEditing)
        guard let snapshot = try await database.snapshot(visitorID: visitor.id, editingAllowed: editing) else {
            return DeltaResponse(error: WireError.wrongInit)
        }
        let update = try await fullUpdate(snapshot, page: page)
        return DeltaResponse(revision: snapshot.visitor.revision, fullUpdate: update)
    }

    /// Light-mode auth: a page whose auth token becomes the Bearer token (PROTOCOL.md §2.9).
    func lightModeAuth(_ parameters: [String: String]) async throws -> LightModeAuthResponse {
        var fields = parameters
        fields[WireParameter.visitorExt] = parameters[WireParameter.providedVisitor]
        let location = library.location(parameters[WireParameter.location] ?? "default")
        do {
            guard parameters[WireParameter.deviceID] != nil else { throw ProtocolFailure(WireError.argumentMissing) }
            let visitor = try await identifyVisitor(fields, location: location)
            if visitor.banned { throw ProtocolFailure(WireError.visitorBanned) }
            let page = try await database.createPage(visitorID: visitor.id, now: ChatClock.now())
            let json = try MessageRecord.jsonText(Self.visitorJSON(visitor))
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

    /// Finds or creates the visitor an init names, verifying `visitor-ext` and `provided_auth_token`.
    private func identifyVisitor(
        _ parameters: [String: String],
        location: LocationDefinition
    ) async throws -> VisitorRecord {
        guard let deviceID = parameters[WireParameter.deviceID], !deviceID.isEmpty else {
            throw ProtocolFailure(WireError.argumentMissing)
        }
        var identity = VisitorIdentity(deviceID: deviceID, location: location.name, now: ChatClock.now())
        identity.visitorID = parameters[WireParameter.visitor].flatMap(Self.visitorID(fromJSON:))
        if let ext = parameters[WireParameter.visitorExt], !ext.isEmpty {
            let provided = try verifiedProvidedFields(ext)
            identity.providedID = provided.visitorID
            identity.name = provided.fields?["display_name"] ?? provided.fields?["name"]
            identity.fieldsJSON = try MessageRecord.jsonText(provided.fields ?? [:])
        } else if let token = parameters[WireParameter.providedAuthToken], !token.isEmpty {
            if location.requireRegisteredAuthTokens, try await !database.isRegistered(providedAuthToken: token) {
                throw ProtocolFailure(WireError.providedAuthTokenNotFound)
            }
            identity.providedAuthToken = token
        }
        return try await database.findOrCreateVisitor(identity, seed: location.history)
    }

    /// Parses `visitor-ext` and checks its signature and expiry (PROTOCOL.md §2.7).
    private func verifiedProvidedFields(_ text: String) throws -> ProvidedVisitorFields {
        guard
            let provided = try? WireCoding.makeDecoder().decode(ProvidedVisitorFields.self, from: Data(text.utf8)),
            provided.visitorID != nil
        else { throw ProtocolFailure(WireError.wrongProvidedVisitorHash) }
        guard let expires = provided.expires else { throw ProtocolFailure(WireError.wrongProvidedVisitorExpiresValue) }
        let fields = provided.fields ?? ["id": provided.id ?? ""]
        let valid = [
            WireSignature.visitorFieldsHash(fields: fields, expires: expires, privateKey: accountPrivateKey),
            WireSignature.legacyVisitorFieldsHash(fields: fields, expires: expires, privateKey: accountPrivateKey),
        ].contains(provided.hash?.lowercased() ?? "")
        guard valid else { throw ProtocolFailure(WireError.wrongProvidedVisitorHash) }
        guard Double(expires) > ChatClock.now() else { throw ProtocolFailure(WireError.providedVisitorExpired) }
        return provided
    }

    /// The fullUpdate of a snapshot (PROTOCOL.md §3.2).
    func fullUpdate(_ snapshot: VisitorSnapshot, page: PageRecord) async throws -> FullUpdate {
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
            visitor: Self.visitorJSON(visitor),
            visitorFull: VisitorItem(id: visitor.id, fields: Self.fields(of: visitor)),
            state: chatOpen
                ? VisitSessionStateValue.chat
                : restingState(of: visitor, onlineStatus: onlineStatus, hasDepartments: !departments.isEmpty),
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

    /// The visit state without an open chat: the offline form, department selection, or idle.
    func restingState(of visitor: VisitorRecord, onlineStatus: String, hasDepartments: Bool) -> String {
        if !OnlineStatusValue.isOnline(onlineStatus) { return VisitSessionStateValue.offlineMessage }
        if hasDepartments { return VisitSessionStateValue.departmentSelection }
        let hadChat = [VisitSessionStateValue.chat, VisitSessionStateValue.idleAfterChat].contains(visitor.visitState)
        return hadChat ? VisitSessionStateValue.idleAfterChat : VisitSessionStateValue.idle
    }

    /// The opaque `visitor` object the client echoes on its next init.
    static func visitorJSON(_ visitor: VisitorRecord) -> JSONValue {
        .object(["id": .string(visitor.id), "fields": .object(fields(of: visitor).mapValues(JSONValue.string))])
    }

    /// The visitor's fields, with `name` always present.
    static func fields(of visitor: VisitorRecord) -> [String: String] {
        var fields =
            (try? WireCoding.makeDecoder().decode([String: String].self, from: Data(visitor.fields.utf8))) ?? [:]
        fields["name"] = visitor.name
        return fields
    }

    private static func visitorID(fromJSON text: String) -> String? {
        guard let value = try? JSONValue(parsing: Data(text.utf8)) else {
            return nil
        }
        return value["id"]?.stringValue
    }
}

extension SurveyRecord {
    /// The wire survey at its current question.
    func wireItem() throws -> SurveyItem {
        SurveyItem(
            id: id,
            config: try WireCoding.makeDecoder().decode(SurveyItem.Config.self, from: Data(config.utf8)),
            currentQuestion: .init(formId: formId, questionId: questionIndex)
        )
    }
}
