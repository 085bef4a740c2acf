import WebimWire

/// A location with every default applied: what the protocol side needs to know about it.
struct LocationDefinition: Sendable {
    /// The account config every location starts from (PROTOCOL.md §11.1).
    static let defaultAccountConfig: [String: JSONValue] = [
        LocationConfigResponse.Key.visitorUploadFile: .bool(true),
        LocationConfigResponse.Key.maxVisitorUploadFileSize: .int(10),
        LocationConfigResponse.Key.visitorMessageEditing: .bool(true),
        LocationConfigResponse.Key.webAndMobileQuoting: .bool(true),
        LocationConfigResponse.Key.rateOperator: .bool(true),
        LocationConfigResponse.Key.surveys: .bool(true),
    ]

    var name: String
    var operators: [OperatorItem]
    var mainOperatorID: Int
    var onlineStatus: String
    var departments: [LocationOptions.Department]
    var config: LocationConfigResponse
    var helloMessage: String?
    var accountBlocked: Bool
    var visitorsBanned: Bool
    var requireRegisteredAuthTokens: Bool
    var maxMessageLength: Int
    var maxFilesPerChat: Int
    var transcriptLimit: Int
    var offlineMessages: Bool
    var hintsEnabled: Bool
    /// What the hints endpoint suggests (`HintQuestions`).
    var hintQuestions: HintQuestions
    var history: HistorySeed?

    init(name: String, scenario: Scenario) {
        let options = scenario.location
        self.name = name
        operators = scenario.allOperators.map(\.wireItem)
        mainOperatorID = scenario.operator.id
        onlineStatus = options?.onlineStatus ?? OnlineStatusValue.online
        departments = options?.departments ?? []
        hintQuestions = HintQuestions(options?.hintQuestions ?? [])
        // A path on this service: it does not know the address its clients reach it by (the core resolves a path
        // against the account's server).
        let hintsEndpoint: [String: JSONValue] =
            hintQuestions.isEmpty
            ? [:] : [LocationConfigResponse.Key.visitorHintsAPIEndpoint: .string("\(WireEndpoint.hints)/\(name)")]
        config = LocationConfigResponse(
            accountConfig: Self.defaultAccountConfig.merging(hintsEndpoint) { $1 }
                .merging(options?.accountConfig ?? [:]) { $1 },
            locationSettings: options?.locationSettings ?? LocationSettingsItem(),
            routingRules: []
        )
        helloMessage = options?.helloMessage
        accountBlocked = options?.accountBlocked ?? false
        visitorsBanned = options?.visitorsBanned ?? false
        requireRegisteredAuthTokens = options?.requireRegisteredAuthTokens ?? false
        maxMessageLength = min(options?.maxMessageLength ?? .max, MessageLimits.maximumTextLength)
        maxFilesPerChat = options?.maxFilesPerChat ?? 50
        transcriptLimit = options?.transcriptLimit ?? 3
        offlineMessages = options?.offlineMessages ?? true
        hintsEnabled = options?.hintsEnabled ?? !hintQuestions.isEmpty
        history = scenario.history.map { seed in
            var seed = seed
            seed.operatorID = seed.operatorID ?? scenario.operator.id
            seed.operatorName = seed.operatorName ?? scenario.operator.name
            return seed
        }
    }

    /// A flag of the account config with the protocol's default (true when absent).
    func flag(_ key: String) -> Bool {
        switch config.accountConfig?[key] {
        case .bool(let value): value
        case .int(let value): value != 0
        default: true
        }
    }
}
