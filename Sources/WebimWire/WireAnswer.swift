/// The envelope of every answer but the delta's (PROTOCOL.md §5.1): `"result": "ok"` or an `"error"` code, and what
/// the request asked for in `data`. One type for every such answer, so that they all read and write it alike.
public struct WireAnswer<Page: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var result: String?
    public var error: String?
    public var data: Page?

    public init(result: String? = "ok", error: String? = nil, data: Page? = nil) {
        self.result = result
        self.error = error
        self.data = data
    }

    /// `{"error": code}`.
    public static func failure(_ code: String) -> Self { Self(result: nil, error: code) }
}
