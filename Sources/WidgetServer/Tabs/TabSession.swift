import Foundation
import WebimClientLibrary

/// One browser tab: a client-core session confined, with this actor, to the tab's own executor.
actor TabSession {
    let id: String
    let events = TabEventLog()
    private let executor = WebimExecutor(label: "webim.tab")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private let listener: TabListener
    private var session: (any WebimSession)?
    private var stream: (any MessageStream)?
    private var tracker: (any MessageTracker)?

    init(id: String) {
        self.id = id
        self.listener = TabListener(events: events)
    }

    /// Builds and resumes the session, then publishes the messages already stored for the visitor.
    func start(accountURL: String, location: String, storageDirectory: URL) throws {
        let session = try Webim.newSessionBuilder()
            .set(accountName: accountURL)
            .set(location: location)
            .set(pageTitle: "Webim widget")
            .set(storageDirectory: storageDirectory)
            .set(executor: executor)
            .set(fatalErrorHandler: listener)
            .set(notFatalErrorHandler: listener)
            .build()
        let stream = session.getStream()
        stream.set(chatStateListener: listener)
        stream.set(currentOperatorChangeListener: listener)
        stream.set(operatorTypingListener: listener)
        let tracker = try stream.newMessageTracker(messageListener: listener)
        try tracker.getLastMessages(byLimit: 100) { [events] messages in
            for message in messages {
                events.publish(.messageAdded(WidgetMessage(message, clientId: nil), beforeID: nil))
            }
        }
        try session.resume()
        (self.session, self.stream, self.tracker) = (session, stream, tracker)
    }

    /// Sends a visitor message once per `clientId`: a retried POST returns the first message's id.
    func send(text: String, clientID: String) throws -> String {
        if let existing = events.messageID(forClientID: clientID) { return existing }
        guard let stream else { throw AccessError.invalidSession }
        listener.pendingClientID.set(clientID)
        return try stream.send(message: text)
    }

    /// Destroys the session and ends the tab's streams.
    func close(clearingVisitorData: Bool) {
        try? tracker?.destroy()
        if clearingVisitorData { try? session?.destroyWithClearVisitorData() } else { try? session?.destroy() }
        (session, stream, tracker) = (nil, nil, nil)
        events.end()
    }
}
