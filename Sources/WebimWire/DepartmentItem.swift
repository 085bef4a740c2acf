/// A department the visitor may choose (PROTOCOL.md §4.9).
public struct DepartmentItem: Codable, Sendable, Equatable {
    public var key: String
    public var name: String
    /// Online status (PROTOCOL.md §8.3).
    public var online: String
    public var order: Int
    /// Localised names by language code.
    public var localeToName: [String: String]?
    /// A URL relative to the service's base.
    public var logo: String?

    public init(
        key: String,
        name: String,
        online: String,
        order: Int,
        localeToName: [String: String]? = nil,
        logo: String? = nil
    ) {
        self.key = key
        self.name = name
        self.online = online
        self.order = order
        self.localeToName = localeToName
        self.logo = logo
    }
}
