/// The `visitor-ext` init parameter: an authorised visitor's fields, signed by the account (PROTOCOL.md §2.7).
public struct ProvidedVisitorFields: Codable, Sendable, Equatable {
    /// `id`, `display_name`, `phone`, `email`, `profile_url`, `avatar_url`, `login`, `comment`, `info`, …
    public var fields: [String: String]?
    /// Older form: the id at the top level.
    public var id: String?
    /// Unix seconds after which the signature is no longer valid.
    public var expires: Int64?
    /// `WireSignature.visitorFieldsHash(fields:expires:privateKey:)`, lowercase hex.
    public var hash: String?

    public init(fields: [String: String]?, id: String? = nil, expires: Int64?, hash: String?) {
        self.fields = fields
        self.id = id
        self.expires = expires
        self.hash = hash
    }

    /// The visitor's provided id: `fields.id`, else the top-level `id`.
    public var visitorID: String? { fields?["id"] ?? id }
}
