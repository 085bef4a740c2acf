import Foundation
import HTTPAPI
import WebimWire

/// What the visitor says of a chat (PROTOCOL.md §5.2–§5.3): an operator's rating, whether the question was
/// resolved, and a request for the transcript. A rating's refusals start with its chat: `no-chat` before any
/// argument.
struct FeedbackActions: Sendable {
    let library: ScenarioLibrary
    let changes: VisitorChanges
    let triggers: ScenarioTriggers

    /// Longest accepted `visitor_note`, as the real server (`note-is-too-long`, reference: 2000 characters).
    static let maximumNoteLength = 2_000

    /// `chat.operator_rate_select`: rate −2…2 for an operator of the chat; OPERATOR_RATE upd.
    func rate(visitor: VisitorRecord, _ rating: VisitorAction.OperatorRating) async throws {
        let location = library.location(visitor.location)
        let rated = try await changes.commit(visitorID: visitor.id) { change -> Int in
            let chat = try Self.ratedChat(change, threadID: rating.threadID, location: location)
            guard let rate = rating.rate, (-2...2).contains(rate) else {
                throw ProtocolFailure(WireError.rateValueIncorrect)
            }
            let operatorID = try Self.ratedOperator(change, chat: chat, named: rating.operatorID)
            guard (rating.note ?? "").count <= Self.maximumNoteLength else {
                throw ProtocolFailure(WireError.noteIsTooLong)
            }
            try Self.save(&change, chat: chat, RatingItem(operatorId: operatorID, rating: rate)) { record in
                record.rating = rate
                record.note = rating.note
            }
            return rate
        }
        triggers.send(visitor, .rated(rating: rated))
    }

    /// `chat.resolution_survey_select`: was the question resolved (0/1)? OPERATOR_RATE upd with `answer`.
    func answerResolution(visitor: VisitorRecord, _ resolution: VisitorAction.ResolutionAnswer) async throws {
        let location = library.location(visitor.location)
        try await changes.commit(visitorID: visitor.id) { change in
            let chat = try Self.ratedChat(change, threadID: resolution.threadID, location: location)
            guard let answer = resolution.answer, answer == 0 || answer == 1 else {
                throw ProtocolFailure(WireError.resolutionSurveyValueIncorrect)
            }
            let operatorID = try Self.ratedOperator(change, chat: chat, named: resolution.operatorID)
            try Self.save(&change, chat: chat, RatingItem(operatorId: operatorID, answer: answer)) { record in
                record.answer = answer
            }
        }
    }

    /// `chat.send_chat_history`: records a transcript request for the current chat, at most `transcriptLimit` times.
    func requestTranscript(visitor: VisitorRecord, email: String) async throws {
        let limit = library.location(visitor.location).transcriptLimit
        let payload = try MessageRecord.jsonText(["email": email])
        try await changes.commit(visitorID: visitor.id) { change in
            guard let chatID = try change.currentChat()?.id else { throw ProtocolFailure(WireError.noChat) }
            guard try change.eventCount(kind: WireAction.chatSendChatHistory.rawValue, chatID: chatID) < limit else {
                throw ProtocolFailure(WireError.chatHistorySentTooManyTimes)
            }
            try change.record(event: WireAction.chatSendChatHistory.rawValue, chatID: chatID, payload: payload)
        }
        triggers.send(visitor, .transcriptRequested(email: email))
    }

    /// The chat a rating is for (`thread_id`, else the current one, open or just closed), then whether the
    /// location takes ratings at all.
    private static func ratedChat(
        _ change: VisitorChange,
        threadID: Int64?,
        location: LocationDefinition
    ) throws -> ChatRecord {
        let chat = try threadID.map { try change.chat(id: $0) } ?? change.currentChat()
        guard let chat else { throw ProtocolFailure(WireError.noChat) }
        guard location.flag(LocationConfigResponse.Key.rateOperator) else {
            throw ProtocolFailure(WireError.rateDisabled)
        }
        return chat
    }

    /// The rated operator: `operator_id` (which must be a known operator of the chat), else the chat's operator.
    private static func ratedOperator(_ change: VisitorChange, chat: ChatRecord, named: FormValue<Int>) throws -> Int {
        guard let operatorID = try named.value(refusing: WireError.wrongOperatorID) else {
            guard let current = chat.operatorId else { throw ProtocolFailure(WireError.operatorNotInChat) }
            return current
        }
        guard try change.operator(id: operatorID) != nil else { throw ProtocolFailure(WireError.wrongOperatorID) }
        guard try change.operatorTookPart(operatorID: operatorID, chat: chat) else {
            throw ProtocolFailure(WireError.operatorNotInChat)
        }
        return operatorID
    }

    /// Saves what the visitor said of the operator in the chat over what they said before, and tells the client.
    private static func save(
        _ change: inout VisitorChange,
        chat: ChatRecord,
        _ item: RatingItem,
        _ edit: (inout RatingRecord) -> Void
    ) throws {
        guard let chatID = chat.id else { throw ProtocolFailure(WireError.noChat) }
        let operatorID = item.operatorId
        var record =
            try change.rating(chatID: chatID, operatorID: operatorID)
            ?? RatingRecord(chatId: chatID, operatorId: operatorID, createdAt: change.clock.now())
        edit(&record)
        try change.save(rating: record)
        try change.append(.operatorRate, value: item)
    }
}
