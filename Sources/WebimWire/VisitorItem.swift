/// The parsed visitor of a fullUpdate (PROTOCOL.md §4.9).
public struct VisitorItem: Codable, Sendable, Equatable {
    /// The visitor's avatar placeholder.
    public struct Icon: Codable, Sendable, Equatable {
        public var color: String?
        public var shape: String?

        public init(color: String?, shape: String?) {
            self.color = color
            self.shape = shape
        }
    }

    public var id: String
    public var fields: [String: String]?
    public var icon: Icon?

    public init(id: String, fields: [String: String]? = nil, icon: Icon? = nil) {
        self.id = id
        self.fields = fields
        self.icon = icon
    }
}
