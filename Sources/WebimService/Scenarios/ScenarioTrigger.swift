/// Something a visitor did that a scenario may answer.
enum ScenarioTrigger: Sendable {
    case chatStarted(visitorID: String, location: String)
    case visitorMessage(visitorID: String, location: String, text: String)

    var visitorID: String {
        switch self {
        case .chatStarted(let visitorID, _), .visitorMessage(let visitorID, _, _): visitorID
        }
    }

    var location: String {
        switch self {
        case .chatStarted(_, let location), .visitorMessage(_, let location, _): location
        }
    }
}
