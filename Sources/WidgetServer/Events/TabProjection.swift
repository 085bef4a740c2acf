/// What a page shows, kept up to date from the tab's events, so a (re)connecting page gets a `snapshot`.
struct TabProjection: Sendable {
    /// How many of the newest messages a snapshot carries; older ones are read with the history route.
    static let snapshotPageSize = 100

    var chatState = "unknown"
    var visitState = "unknown"
    var onlineStatus = "unknown"
    var `operator`: WidgetOperator?
    var operatorTyping = false
    var departments: [WidgetDepartment] = []
    var hintsEnabled = false
    var unreadByVisitor = UnreadByVisitor(count: 0, time: Nullable(nil))
    var unreadByOperatorTime: Int64?
    var helloMessage: String?
    /// Every message the tab has shown, oldest first: the snapshot's page, the history read so far, and what
    /// the page's actions and file downloads name.
    var messages = TabMessages()
    /// Whether older history may exist beyond `messages`: true until the core says that the tab shows the first
    /// message (`historyComplete`) or a history request reaches it, since the service may hold history that this
    /// install has not stored yet.
    var hasMoreHistory = true
    var limits = UploadLimits.unknown
    /// The latest sealed visitor credential, for a page that (re)connects after it was published.
    var credential: SealedCredential?
    /// The survey's open question, if a survey is open.
    var survey: WidgetSurvey?
    /// The type of the fatal error that ended the tab's session (a banned visitor, a blocked account), if one did:
    /// a page that reads the snapshot afterwards (another browser tab of the visitor, a reload) learns it too.
    var fatal: String?

    mutating func apply(_ event: TabEvent) {
        switch event {
        case .messageAdded(let message, let beforeID): messages.add(message, before: beforeID)
        case .messageChanged(let message): messages.replace(message)
        case .messageRemoved(let id): messages.remove(id: id)
        case .messagesCleared:
            messages.removeAll()
            hasMoreHistory = false
        case .historyComplete: hasMoreHistory = false
        case .chatState(let state): chatState = state
        case .visitState(let state): visitState = state
        case .operatorChanged(let value): `operator` = value
        case .operatorTyping(let typing): operatorTyping = typing
        case .departments(let value): departments = value
        case .locationSettings(let hintsEnabled): self.hintsEnabled = hintsEnabled
        case .onlineStatus(let status): onlineStatus = status
        case .unreadByOperator(let time): unreadByOperatorTime = time
        case .unreadByVisitor(let count, let time):
            unreadByVisitor = UnreadByVisitor(count: count, time: Nullable(time))
        case .hello(let text): helloMessage = text
        case .credential(let sealed): credential = sealed
        case .survey(let value): survey = value
        case .fatalError(let type, _): fatal = type
        case .transientError, .result: break
        }
    }

    /// Whether a visitor message is still on its way: in the tab's outbox, not yet confirmed by the service.
    var hasUnsentMessages: Bool { messages.contains { $0.sendStatus == "sending" } }

    /// The `snapshot` event's data.
    var snapshot: Snapshot {
        Snapshot(
            chatState: chatState,
            visitState: visitState,
            onlineStatus: onlineStatus,
            operator: Nullable(`operator`),
            operatorTyping: operatorTyping,
            departments: departments,
            hintsEnabled: hintsEnabled,
            unreadByVisitor: unreadByVisitor,
            unreadByOperatorTime: Nullable(unreadByOperatorTime),
            helloMessage: Nullable(helloMessage),
            messages: messages.newest(Self.snapshotPageSize),
            hasMoreHistory: hasMoreHistory || messages.count > Self.snapshotPageSize,
            limits: limits,
            credential: Nullable(credential?.credential),
            credentialExpires: Nullable(credential?.expires),
            survey: Nullable(survey),
            fatal: Nullable(fatal)
        )
    }

    /// The contract's `snapshot` shape.
    struct Snapshot: Encodable, Sendable {
        var chatState: String
        var visitState: String
        var onlineStatus: String
        var `operator`: Nullable<WidgetOperator>
        var operatorTyping: Bool
        var departments: [WidgetDepartment]
        var hintsEnabled: Bool
        var unreadByVisitor: UnreadByVisitor
        var unreadByOperatorTime: Nullable<Int64>
        var helloMessage: Nullable<String>
        var messages: [WidgetMessage]
        var hasMoreHistory: Bool
        var limits: UploadLimits
        var credential: Nullable<String>
        /// When `credential` expires, in seconds since 1970.
        var credentialExpires: Nullable<Int64>
        var survey: Nullable<WidgetSurvey>
        /// The fatal error's type that ended the session, or null.
        var fatal: Nullable<String>
    }
}

/// What the service lets a visitor upload (`getServerSideSettings`), checked before an upload.
struct UploadLimits: Encodable, Sendable, Equatable {
    var maxFileSize: Int
    /// Lowercased extensions without dots; empty allows any.
    var allowedTypes: [String]
    var uploadsAllowed: Bool
    /// The stickers the visitor may send (the location's `widget_sticker_ids`); empty: none.
    var stickers: [WidgetSticker] = []

    /// The SDK's defaults, until the service's settings arrive.
    static let unknown = UploadLimits(maxFileSize: 10 * 1024 * 1024, allowedTypes: [], uploadsAllowed: true)
}
