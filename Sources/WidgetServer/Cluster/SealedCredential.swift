/// A visitor credential as the page gets it: the sealed text it cannot read, and when it expires, which it can, so
/// that a browser that keeps it across visits forgets it when no server would take it any more.
struct SealedCredential: Encodable, Equatable, Sendable {
    /// `CredentialSeal`'s text.
    var credential: String
    /// Seconds since 1970 after which no server opens it (the tab data's retention from when it was sealed).
    var expires: Int64

    private enum CodingKeys: String, CodingKey {
        case credential = "credential"
        case expires = "expires"
    }
}
