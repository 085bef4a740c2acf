/// Why a session-less question to the account's service (`WebimLocationClient`) has no answer. The code is stable,
/// for logs and tests; the detail is the underlying error's text.
package struct LocationQueryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, written out.
    package enum Code: String, Sendable {
        /// No answer within the timeout: the connection was refused or lost, or the service did not answer in time.
        case noAnswer = "no_answer"
        /// The answer was longer than the question's limit: the rest is not read, so none of it is used.
        case tooLarge = "too_large"
        /// A status whose body the protocol does not parse (a gateway's 502, say; PROTOCOL.md §1.5).
        case unavailable = "unavailable"
        /// A body that is not the JSON the question expects.
        case undecodable = "undecodable"
        /// The service answered with the protocol's `error` (PROTOCOL.md §1.5).
        case refused = "refused"
    }

    /// What went wrong.
    package var code: Code
    /// The underlying error or the service's own word, for a log.
    package var detail: String

    /// An error of `code`, explained by `detail`.
    package init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    /// `code: detail`.
    package var description: String { "\(code.rawValue): \(detail)" }
}
