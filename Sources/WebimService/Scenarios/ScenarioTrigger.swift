/// Something a visitor did that a scenario may answer.
struct ScenarioTrigger: Sendable {
    /// What happened.
    enum Event: Sendable {
        case chatStarted
        case visitorMessage(text: String, messageID: String)
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
