import Foundation

/// The question sent to the account's hints service, the `visitor_hints_api_endpoint` (PROTOCOL.md §9). Webim does
/// not host that service: the account names it, and the client posts to it as JSON, not as a protocol form.
public struct HintsRequest: Codable, Sendable, Equatable {
    /// What the visitor has typed so far.
    public var text: String

    public init(text: String) { self.text = text }
}

/// The hints service's answer: suggested questions, best first (PROTOCOL.md §9).
public struct HintsResponse: Codable, Sendable, Equatable {
    /// One suggestion; the client reads only its text.
    public struct Suggestion: Codable, Sendable, Equatable {
        public var text: String

        public init(text: String) { self.text = text }
    }

    public var suggestions: [Suggestion]

    public init(suggestions: [Suggestion]) { self.suggestions = suggestions }
}
