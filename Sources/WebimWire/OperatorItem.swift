/// An operator (PROTOCOL.md §4.9).
public struct OperatorItem: Codable, Sendable, Equatable {
    public var id: Int
    public var fullname: String
    /// A URL relative to the service's base.
    public var avatar: String?
    public var title: String?
    public var additionalInfo: String?
    /// Declared by the SDK but not read by iOS 4.0.
    public var departmentKeys: [String]?

    public init(
        id: Int,
        fullname: String,
        avatar: String? = nil,
        title: String? = nil,
        additionalInfo: String? = nil,
        departmentKeys: [String]? = nil
    ) {
        self.id = id
        self.fullname = fullname
        self.avatar = avatar
        self.title = title
        self.additionalInfo = additionalInfo
        self.departmentKeys = departmentKeys
    }
}
