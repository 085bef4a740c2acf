/// Where an account's server is, from what the app names it by (PROTOCOL.md §1.1). One rule for the sessions and the
/// session-less location queries, so that both reach the same server whichever form `--account` was given in.
enum AccountBaseURL {
    /// A name becomes `https://NAME.webim.ru`; a full URL is used as is, less one trailing `/`.
    static func make(accountName name: String) -> String {
        guard name.contains("://") else { return "https://\(name).webim.ru" }
        return name.hasSuffix("/") ? String(name.dropLast()) : name
    }
}
