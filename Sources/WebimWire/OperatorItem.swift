/// An operator (PROTOCOL.md §4.9).
public struct OperatorItem: Codable, Sendable, Equatable {
    public var id: Int
    public var fullname: String
    /// A URL relative to the service's base.
    public var avatar: String?
    public var title: String?

    public init(id: Int, fullname: String, avatar: String? = nil, title: String? = nil) {
        self.id = id
        self.fullname = fullname
        self.avatar = avatar
        self.title = title
    }
}
