import WebimWire

/// Signs provided visitor fields as an app's server does (PROTOCOL.md §2.7), with the key `LiveStack` gives the
/// embedded service.
public enum VisitorFieldsSignature {
    /// The visitor-fields key of every test service; a running server makes its own.
    public static let testKey = "test-visitor-fields-key-not-a-secret"

    /// The lowercase hex HMAC-SHA256 of the field values in key order plus `expires`.
    public static func hash(fields: [String: String], expires: Int64) -> String {
        WireSignature.visitorFieldsHash(
            fields: fields,
            expires: expires,
            privateKey: testKey
        )
    }
}
