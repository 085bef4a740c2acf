import WebimService
import WebimWire

/// Signs provided visitor fields as an app's server does (PROTOCOL.md §2.7), with the embedded service's key.
public enum VisitorFieldsSignature {
    /// The lowercase hex HMAC-SHA256 of the field values in key order plus `expires`.
    public static func hash(fields: [String: String], expires: Int64) -> String {
        WireSignature.visitorFieldsHash(
            fields: fields,
            expires: expires,
            privateKey: ServiceConfiguration.defaultAccountPrivateKey
        )
    }
}
