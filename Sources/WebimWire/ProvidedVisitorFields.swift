/// The `visitor-ext` init parameter: an authorised visitor's fields, signed by the account (PROTOCOL.md §2.7).
public struct ProvidedVisitorFields: Codable, Sendable, Equatable {
    /// `id`, `display_name`, `phone`, `email`, `profile_url`, `avatar_url`, `login`, `comment`, `info`, …
    public var fields: [String: String]?
    /// Older form, read only when there are no `fields`: the id at the top level, and all that is signed.
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

    /// The visitor's provided id: `fields.id` when there are fields, else the older form's top-level `id`.
    ///
    /// Never one for the other: the hash covers the field values alone, so a record whose `fields.id` was renamed
    /// (`idx`) keeps its hash, and a top-level `id` beside it would name anyone.
    public var visitorID: String? { fields.map { $0["id"] } ?? id }

    /// What the hash covers: the fields, or in the older form the top-level id as the only field.
    public var signedFields: [String: String]? {
        if let fields { return fields }
        return id.map { ["id": $0] }
    }
}
