/// A routing rule of the location config: a provided visitor field value that switches the location.
public struct RoutingRuleItem: Codable, Sendable, Equatable {
    public var visitorField: String
    public var visitorFieldValue: String
    public var locationKey: String

    public init(visitorField: String, visitorFieldValue: String, locationKey: String) {
        self.visitorField = visitorField
        self.visitorFieldValue = visitorFieldValue
        self.locationKey = locationKey
    }
}
