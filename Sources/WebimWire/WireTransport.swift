public import Foundation

/// Carries a session's protocol requests to the service and brings back the answers.
///
/// The client core speaks HTTP to a real Webim server. When the embedded service runs in the same process,
/// the widget hands the very same requests to it directly: no sockets, so a tab costs no descriptors or
/// connection buffers for its long-poll, and ten thousand tabs fit in one process's descriptor limit.
public protocol WireTransport: Sendable {
    /// Sends `request`; throws when there is no answer at all within `timeout` (PROTOCOL.md §1.5).
    func exchange(_ request: WireRequest, timeout: Duration) async throws -> WireReply
}

/// One protocol request as it would travel over HTTP.
public struct WireRequest: Sendable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    public var method: Method
    /// The path and query, e.g. `/l/v/m/delta?since=3&page-id=…`; or a whole http(s) URL for a request that leaves
    /// the account's server (the hints service, PROTOCOL.md §9).
    public var pathAndQuery: String
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// The most bytes of answer the caller reads: a longer answer fails as no answer. Nil: the transport's own limit.
    public var answerLimit: Int?

    public init(
        method: Method,
        pathAndQuery: String,
        headers: [(name: String, value: String)] = [],
        body: Data = Data(),
        answerLimit: Int? = nil
    ) {
        self.method = method
        self.pathAndQuery = pathAndQuery
        self.headers = headers
        self.body = body
        self.answerLimit = answerLimit
    }
}

/// The service's answer: its HTTP status and body.
public struct WireReply: Sendable {
    public var status: UInt
    public var body: Data

    public init(status: UInt, body: Data) {
        self.status = status
        self.body = body
    }
}
