/// `data.file` of a file message: the file's processing state (PROTOCOL.md §4.4).
public struct MessageFileItem: Codable, Sendable, Equatable {
    /// File states (PROTOCOL.md §8.4); a missing state means ready.
    public enum State: String, Codable, Sendable {
        case upload
        case ready
        case error
        case externalChecks = "external_checks"
        case externalVerification = "external_verification"
    }

    /// Kept as text so that an unknown state does not fail the message.
    public var state: String?
    /// Percent, 0–100.
    public var progress: Int?
    public var desc: FileParametersItem?
    /// An upload error code (PROTOCOL.md §7.1).
    public var error: String?
    public var errorMessage: String?
    public var visitorErrorMessage: String?

    enum CodingKeys: String, CodingKey {
        case state, progress, desc, error
        case errorMessage = "error_message"
        case visitorErrorMessage = "visitor_error_message"
    }

    public init(
        state: State? = .ready,
        progress: Int? = nil,
        desc: FileParametersItem? = nil,
        error: String? = nil,
        errorMessage: String? = nil,
        visitorErrorMessage: String? = nil
    ) {
        self.state = state?.rawValue
        self.progress = progress
        self.desc = desc
        self.error = error
        self.errorMessage = errorMessage
        self.visitorErrorMessage = visitorErrorMessage
    }

    /// The state as the client reads it: missing means ready.
    public var knownState: State? { state.map(State.init(rawValue:)) ?? .ready }
}
