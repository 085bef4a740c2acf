import Hummingbird

/// An operator console API failure: `{"error":{"code","message","field"}}` with a fitting status (STYLE.md §3).
struct ConsoleAPIError: Error, Sendable {
    /// The JSON body.
    struct Body: Encodable, Sendable {
        /// The error object.
        struct Detail: Encodable, Sendable {
            var code: String
            var message: String
            var field: String?
        }

        var error: Detail
    }

    var status: HTTPResponse.Status
    var code: String
    var message: String
    var field: String?

    init(status: HTTPResponse.Status, code: String, message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }

    /// The mapping of an operator-side failure.
    init(_ error: OperatorActionError) {
        switch error {
        case .notFound(let what): self.init(status: .notFound, code: "not_found", message: "no such \(what)")
        case .conflict(let why): self.init(status: .conflict, code: "conflict", message: why)
        case .badInput(let field, let reason):
            self.init(status: .badRequest, code: "bad_input", message: reason, field: field)
        }
    }

    var body: Body { Body(error: .init(code: code, message: message, field: field)) }
}
