/// Something a visitor did that a scenario may answer.
struct ScenarioTrigger: Sendable {
    /// What happened.
    enum Event: Sendable {
        case chatStarted
        /// `whileKeyboardPending`: a keyboard was waiting for a button when the visitor typed instead.
        case visitorMessage(text: String, messageID: String, whileKeyboardPending: Bool)
        case visitorFile(messageID: String)
        case keyboardResponse(buttonID: String)
        case rated(rating: Int)
        case transcriptRequested(email: String)
        case surveyFinished
    }

    var visitorID: String
    var location: String
    var event: Event
}
