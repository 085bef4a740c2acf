import WebimWire

/// An action's form fields with the protocol's encodings (PROTOCOL.md §1.2): booleans as `1`/`0` or `true`/`false`.
struct ActionParameters: Sendable {
    var values: [String: String]

    init(_ values: [String: String]) { self.values = values }

    /// The value, or nil when absent or empty.
    subscript(name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// The value, or `argument-missing`.
    func required(_ name: String) throws -> String {
        guard let value = self[name] else { throw ProtocolFailure(WireError.argumentMissing) }
        return value
    }

    /// A boolean in either SDK's spelling; nil when absent.
    func bool(_ name: String) -> Bool? {
        guard let value = self[name]?.lowercased() else { return nil }
        return value == "1" || value == "true"
    }

    /// An integer; nil when absent or not a number.
    func int(_ name: String) -> Int? { self[name].flatMap { Int($0) } }
}
