/// A documented protocol error (PROTOCOL.md §2.6, §5.3, §7): thrown inside an action, answered as `{"error": code}`.
struct ProtocolFailure: Error, Sendable, Equatable {
    /// The exact wire string (`WireError`).
    var code: String
    /// Quote errors are nested in `data.error` instead of the top level (PROTOCOL.md §5.3).
    var nested = false

    init(_ code: String, nested: Bool = false) {
        self.code = code
        self.nested = nested
    }
}
