/// Something a visitor did that a scenario may answer.
struct ScenarioTrigger: Sendable {
    /// What happened.
    enum Event: Sendable {
        case chatStarted
        /// `whileKeyboardPending`: a keyboard was waiting for a button when the visitor typed instead;
        /// `isHintQuestion`: the visitor chose the text from the hints (`hint_question`).
        case visitorMessage(text: String, messageID: String, whileKeyboardPending: Bool, isHintQuestion: Bool)
        /// `fileCount`: how many files the message holds (`send(uploadedFiles:)` sends up to 10 in one).
        case visitorFile(messageID: String, fileCount: Int)
        case visitorSticker(stickerID: Int)
        case keyboardResponse(buttonID: String)
        case rated(rating: Int)
        case transcriptRequested(email: String)
        case surveyFinished
        /// A page load of a visitor who never had a chat: the moment a proactive invitation is made.
        case visited
        /// The visitor accepted an operator's action request (`chat.action_request.call_sentry_action_request`).
        case actionAccepted
    }

    var visitorID: String
    var location: String
    var event: Event
}

extension ScenarioTrigger.Event {
    /// A message, file or sticker: what a visitor can send as fast as they like, and a bot answers in kind.
    var isSomethingSaid: Bool {
        switch self {
        case .visitorMessage, .visitorFile, .visitorSticker: true
        default: false
        }
    }
}

/// Where the types that decide tell the scenario runner what a visitor did.
struct ScenarioTriggers: Sendable {
    let sink: AsyncStream<ScenarioTrigger>.Continuation

    func send(_ visitor: VisitorRecord, _ event: ScenarioTrigger.Event) {
        sink.yield(ScenarioTrigger(visitorID: visitor.id, location: visitor.location, event: event))
    }
}
