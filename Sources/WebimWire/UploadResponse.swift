/// The answer to a file upload (PROTOCOL.md §7.1): the file's parameters, or an `error`.
public struct UploadResponse: Codable, Sendable, Equatable {
    public var result: String?
    public var error: String?
    public var data: FileParametersItem?

    public init(result: String? = "ok", error: String? = nil, data: FileParametersItem? = nil) {
        self.result = result
        self.error = error
        self.data = data
    }

    /// `{"error": code}`.
    public static func failure(_ code: String) -> UploadResponse { UploadResponse(result: nil, error: code) }
}
