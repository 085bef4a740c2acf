import Foundation
import WebimWire

/// The service's parts over one database, built once: each decides one thing (README, "Map"), and the engine only
/// holds them for the routes, the console and the scenario runner. It decides nothing itself.
struct ChatEngine: Sendable {
    let database: ServiceDatabase
    let library: ScenarioLibrary
    let files: FileStore
    /// The visitor's and the folder's byte budgets, which every stored upload and message passes.
    let storage: StorageGuard
    let events: ConsoleEventHub
    /// How every part changes a visitor, the visitor's side (scenario fixtures use `operatorSide`).
    let changes: VisitorChanges

    // The protocol's.
    let sessions: VisitorSessions
    let deltas: DeltaPolls
    let reads: HistoryReads
    let actions: VisitorActions
    let fileActions: FileActions

    // The operator's, from the console and scenarios.
    let chats: ChatActions
    let operators: OperatorActions
    let operatorMessages: OperatorMessages
    let operatorEdits: OperatorEdits
    let locations: LocationStatus
    let controls: VisitorControls

    init(
        database: ServiceDatabase,
        library: ScenarioLibrary,
        files: FileStore,
        storage: StorageGuard,
        events: ConsoleEventHub,
        triggers: AsyncStream<ScenarioTrigger>.Continuation,
        holdTimeout: Duration,
        accountPrivateKey: String,
        maximumDownloadLinkLifetime: Duration
    ) {
        let broadcaster = RevisionBroadcaster()
        let changes = VisitorChanges(
            database: database,
            library: library,
            broadcaster: broadcaster,
            events: events,
            storage: storage
        )
        let operatorChanges = changes.operatorSide
        let triggers = ScenarioTriggers(sink: triggers)
        let chats = ChatActions(database: database, library: library, changes: changes, triggers: triggers)
        self.database = database
        self.library = library
        self.files = files
        self.storage = storage
        self.events = events
        self.changes = changes
        sessions = VisitorSessions(
            database: database,
            library: library,
            changes: changes,
            identification: VisitorIdentification(database: database, accountPrivateKey: accountPrivateKey),
            triggers: triggers
        )
        deltas = DeltaPolls(database: database, broadcaster: broadcaster, holdTimeout: holdTimeout)
        reads = HistoryReads(database: database, library: library)
        actions = VisitorActions(
            database: database,
            chats: chats,
            messages: MessageActions(library: library, changes: changes, triggers: triggers),
            feedback: FeedbackActions(library: library, changes: changes, triggers: triggers),
            surveys: SurveyActions(library: library, changes: changes, triggers: triggers),
            details: VisitorDetails(changes: changes),
            offline: OfflineMessages(library: library, files: files, storage: storage, changes: changes),
            triggers: triggers
        )
        fileActions = FileActions(
            database: database,
            library: library,
            files: files,
            storage: storage,
            changes: changes,
            triggers: triggers,
            maximumDownloadLinkLifetime: maximumDownloadLinkLifetime
        )
        self.chats = chats
        operators = OperatorActions(database: database, library: library, changes: operatorChanges)
        operatorMessages = OperatorMessages(files: files, changes: operatorChanges)
        operatorEdits = OperatorEdits(changes: operatorChanges)
        locations = LocationStatus(database: database, changes: operatorChanges)
        controls = VisitorControls(database: database, changes: operatorChanges)
    }
}
