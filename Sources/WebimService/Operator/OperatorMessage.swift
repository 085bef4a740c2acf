/// What an operator (a scenario or a person at the console) sends into a visitor's chat.
struct OperatorMessage: Sendable {
    /// `operator`, `info`, `operator_busy`, `cont_req`, `action_request`, `keyboard`.
    var kind: String
    var text: String
    /// Names the message for later steps.
    var label: String?
    var quote: QuoteRequest?
    /// The kind's payload as JSON text.
    var data: String?
    /// Who sends it; nil means the chat's operator.
    var operatorID: Int?
}

/// A message named by server id or by scenario label.
enum MessageTarget: Sendable {
    case id(String)
    case label(String)
}

/// What an operator's message quotes (PROTOCOL.md §4.6).
enum QuoteRequest: Sendable {
    /// A message, filled.
    case message(MessageTarget)
    /// The visitor's newest file message, filled.
    case lastFile
    /// An original that is gone: `not-found`.
    case missing
    /// Unfilled for now; `fillQuote` fills it later.
    case pending
}

/// Why an operator-side change could not be made; the console API maps these to HTTP errors.
enum OperatorActionError: Error, Sendable, Equatable {
    /// No such visitor, message, department or operator (404).
    case notFound(String)
    /// Not possible in the current state, e.g. no open chat or not an operator's message (409).
    case conflict(String)
    /// A bad value in the request (400).
    case badInput(field: String, reason: String)
}
