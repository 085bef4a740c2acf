/// A state a widget frame can be put into by name: a fixture location of the embedded service whose scenario brings
/// a new visitor into it by itself. *This service's extension, not Webim's*: the embedded service serves its list at
/// `GET /fixtures/states` (from `Scenarios/fixtures/states.yaml`); the widget server's gallery and preview read it.
public struct NamedState: Codable, Equatable, Sendable {
    /// The state's name, as `/inspect?state=` takes it.
    public var name: String
    /// A link's words.
    public var caption: String
    /// The fixture location, a scenario of the service.
    public var location: String
    /// What the state shows.
    public var summary: String
    /// What a person does to see it, when it needs a hand.
    public var hint: String?
    /// The widget page's own options for it (a query string without `location`), such as a kiosk's.
    public var page: String?

    /// Where the embedded service lists them (`GET`), and where the widget server reads them.
    public static let listPath = "/fixtures/states"

    enum CodingKeys: String, CodingKey {
        case name
        case caption
        case location
        case summary
        case hint
        case page
    }
}
