/// The token of an `Authorization: Bearer …` header, its scheme matched in any case (RFC 7235), as the console's
/// token, light mode's auth token and the metrics token are all shown.
public enum BearerToken {
    /// The token after `Bearer `, or nil for no header or another scheme.
    public static func of(_ authorization: String?) -> String? {
        guard let authorization, authorization.lowercased().hasPrefix("bearer ") else { return nil }
        return String(authorization.dropFirst("bearer ".count))
    }
}
