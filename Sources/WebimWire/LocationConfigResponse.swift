import Foundation

/// The answer to `/api/visitor/v1/configs/<location>` (PROTOCOL.md §9).
public struct LocationConfigResponse: Codable, Sendable, Equatable {
    /// Account flags; the client reads a few (see the typed accessors) and exposes the rest raw.
    public var accountConfig: [String: JSONValue]?
    public var locationSettings: LocationSettingsItem?
    /// Location switches by provided visitor field (PROTOCOL.md §2.1).
    public var routingRules: [RoutingRuleItem]?
    public var error: String?

    public init(
        accountConfig: [String: JSONValue]?,
        locationSettings: LocationSettingsItem? = nil,
        routingRules: [RoutingRuleItem]? = nil,
        error: String? = nil
    ) {
        self.accountConfig = accountConfig
        self.locationSettings = locationSettings
        self.routingRules = routingRules
        self.error = error
    }
}

/// The account flags the client reads, with the defaults PROTOCOL.md §7.1 and §4.2 give for missing values.
extension LocationConfigResponse {
    /// Account config key names (PROTOCOL.md §9).
    public enum Key {
        public static let maxVisitorUploadFileSize = "max_visitor_upload_file_size"
        public static let allowedUploadFileTypes = "allowed_upload_file_types"
        public static let visitorUploadFile = "visitor_upload_file"
        public static let visitorMessageEditing = "visitor_message_editing"
        public static let webAndMobileQuoting = "web_and_mobile_quoting"
        public static let visitorHintsAPIEndpoint = "visitor_hints_api_endpoint"
        public static let rateOperator = "rate_operator"
        /// Whether the service offers the visitor its surveys (the embedded service's switch, on by default).
        public static let surveys = "surveys"
        /// The sticker ids a visitor may send: an array of integers; absent or empty, no stickers. Not Webim's: this
        /// service's extension (Webim's config names no sticker set, and its sticker messages carry only an id).
        public static let widgetStickerIDs = "widget_sticker_ids"
    }

    /// Upload limit in megabytes; missing or 0 means 10.
    public var maxVisitorUploadFileSizeMegabytes: Int {
        let value = accountConfig?[Key.maxVisitorUploadFileSize].flatMap(Self.integer) ?? 0
        return value > 0 ? value : 10
    }

    /// Allowed file extensions, lowercased, without dots; nil means any.
    public var allowedUploadFileTypes: [String]? {
        guard let text = accountConfig?[Key.allowedUploadFileTypes]?.stringValue else { return nil }
        let types = text.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).lowercased().trimmingPrefix(".")
        }.filter { !$0.isEmpty }.map(String.init)
        return types.isEmpty ? nil : types
    }

    /// Whether the visitor may upload files; missing means allowed.
    public var isVisitorUploadFileAllowed: Bool { flag(Key.visitorUploadFile) }

    /// Whether visitors may edit and delete their messages; missing means allowed.
    public var isVisitorMessageEditingAllowed: Bool { flag(Key.visitorMessageEditing) }

    /// Whether messages may be quoted; missing means allowed.
    public var isQuotingAllowed: Bool { flag(Key.webAndMobileQuoting) }

    /// Whether the operator may be rated; missing means allowed.
    public var isOperatorRatingAllowed: Bool { flag(Key.rateOperator) }

    /// The external autocomplete endpoint, if any.
    public var visitorHintsAPIEndpoint: String? { accountConfig?[Key.visitorHintsAPIEndpoint]?.stringValue }

    private func flag(_ key: String) -> Bool {
        switch accountConfig?[key] {
        case .bool(let value): value
        case .int(let value): value != 0
        case .string(let value): !["false", "0", ""].contains(value.lowercased())
        default: true
        }
    }

    private static func integer(_ value: JSONValue) -> Int? {
        switch value {
        case .int(let number): Int(number)
        case .double(let number): Int(number)
        case .string(let text): Int(text)
        default: nil
        }
    }
}
