/// The answer to an action (PROTOCOL.md §5.1): success is an object without `error`.
public struct ActionResponse: Codable, Sendable, Equatable {
    public var result: String?
    public var error: String?
    public var data: JSONValue?

    public init(result: String? = nil, error: String? = nil, data: JSONValue? = nil) {
        self.result = result
        self.error = error
        self.data = data
    }

    /// `{"result":"ok"}`.
    public static let ok = ActionResponse(result: "ok")

    /// `{"error": code}`.
    public static func failure(_ code: String) -> ActionResponse { ActionResponse(error: code) }
}
