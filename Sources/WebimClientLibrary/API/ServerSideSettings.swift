/// v3: the account settings the service sends in the location config (PROTOCOL.md §9).
public struct WebimServerSideSettings: Sendable, Equatable {
    /// The largest visitor upload, in megabytes (`max_visitor_upload_file_size`; default 10).
    public var maxVisitorUploadFileSizeMB: Int
    /// Allowed upload extensions, lowercased without dots (`allowed_upload_file_types`); empty allows any.
    public var allowedUploadFileTypes: [String]
    /// Whether visitors may upload files (`visitor_upload_file`).
    public var visitorUploadFile: Bool
    /// Whether visitors may edit and delete their messages (`visitor_message_editing`).
    public var visitorMessageEditing: Bool
    /// Whether visitors may reply with quotes (`web_and_mobile_quoting`).
    public var webAndMobileQuoting: Bool
    /// Whether visitors may rate operators (`rate_operator`).
    public var rateOperator: Bool
    /// The account config as JSON text, for keys this type does not name.
    public var accountConfigJSON: String

    /// The defaults the SDK assumes before any config arrives.
    public static let defaults = WebimServerSideSettings(
        maxVisitorUploadFileSizeMB: 10,
        allowedUploadFileTypes: [],
        visitorUploadFile: true,
        visitorMessageEditing: true,
        webAndMobileQuoting: true,
        rateOperator: true,
        accountConfigJSON: "{}"
    )

    /// Settings with the given values.
    public init(
        maxVisitorUploadFileSizeMB: Int,
        allowedUploadFileTypes: [String],
        visitorUploadFile: Bool,
        visitorMessageEditing: Bool,
        webAndMobileQuoting: Bool,
        rateOperator: Bool,
        accountConfigJSON: String
    ) {
        self.maxVisitorUploadFileSizeMB = maxVisitorUploadFileSizeMB
        self.allowedUploadFileTypes = allowedUploadFileTypes
        self.visitorUploadFile = visitorUploadFile
        self.visitorMessageEditing = visitorMessageEditing
        self.webAndMobileQuoting = webAndMobileQuoting
        self.rateOperator = rateOperator
        self.accountConfigJSON = accountConfigJSON
    }
}
