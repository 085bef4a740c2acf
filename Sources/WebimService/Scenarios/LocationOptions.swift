import WebimWire

/// A location's settings as a scenario file writes them; every field is optional.
struct LocationOptions: Decodable, Sendable {
    /// A department of the location.
    struct Department: Decodable, Sendable {
        var key: String
        var name: String
        /// Online status (PROTOCOL.md §8.3); default `online`.
        var online: String?
        var order: Int?
        var logo: String?
        var localeToName: [String: String]?
        /// The operator who takes this department's chats.
        var operatorId: Int?
    }

    /// `online` (default), `busy_online`, `offline` or `busy_offline`.
    var onlineStatus: String?
    /// Merged over the service's defaults (PROTOCOL.md §9).
    var accountConfig: [String: JSONValue]?
    var locationSettings: LocationSettingsItem?
    var departments: [Department]?
    /// Shown by the client as a hello message before the first message (`helloMessageDescr`).
    var helloMessage: String?
    /// Every init of this location answers `account-blocked`.
    var accountBlocked: Bool?
    /// Every init of this location answers `visitor-banned`, as for a visitor an operator banned: a fixture's state.
    var visitorsBanned: Bool?
    /// Inits with an unregistered `provided_auth_token` answer `provided-auth-token-not-found`.
    var requireRegisteredAuthTokens: Bool?
    /// Characters a visitor message may have; default 10,000.
    var maxMessageLength: Int?
    /// Files a visitor may send per chat; default 50.
    var maxFilesPerChat: Int?
    /// Transcripts a visitor may ask for per chat; default 3.
    var transcriptLimit: Int?
    /// Whether the offline form is available; default true (else `no-tariff-option`).
    var offlineMessages: Bool?
    /// Whether the app should offer hint questions (fullUpdate `hintsEnabled`); default: whether there are
    /// `hintQuestions`.
    var hintsEnabled: Bool?
    /// The questions this service's hints endpoint suggests as the visitor types; given, the account config's
    /// `visitor_hints_api_endpoint` names that endpoint.
    var hintQuestions: [String]?
}
