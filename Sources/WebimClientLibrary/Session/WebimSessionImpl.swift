/// The public session: checks access, then acts on the core.
final class WebimSessionImpl: WebimSession {
    let core: SessionCore
    private let stream: MessageStreamImpl

    init(core: SessionCore) {
        self.core = core
        self.stream = MessageStreamImpl(core: core)
    }

    func resume() throws { try core.withAccess { $0.resume() } }
    func pause() throws { try core.withAccess { $0.pause() } }
    func destroy() throws { try core.withAccess { $0.destroy(clearingVisitorData: false) } }
    func destroyWithClearVisitorData() throws { try core.withAccess { $0.destroy(clearingVisitorData: true) } }
    func getStream() -> any MessageStream { stream }
    func change(location: String) throws { try core.withAccess { $0.change(location: location) } }
    func set(deviceToken: String) throws { try core.withAccess { ChatRequests.setDeviceToken(deviceToken, in: $0) } }
}
