import HTTPAPI

/// The console API's answer to an operator-side failure.
extension OperatorActionError: APIErrorConvertible {
    var apiError: APIError {
        switch self {
        case .notFound(let what): APIError(.notFound, "no such \(what)")
        case .conflict(let why): APIError(.conflict, why)
        case .badInput(let field, let reason): APIError(.badInput, reason, field: field)
        }
    }
}
