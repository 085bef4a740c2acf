/// A visitor's chat session. Every method must be called on the session's executor (`SessionBuilder.set(executor:)`).
public protocol WebimSession: AnyObject {
    /// Starts or resumes network activity; a session is built paused.
    func resume() throws
    /// Stops network activity after the request in flight; `resume()` continues.
    func pause() throws
    /// Ends the session for good; later calls throw `AccessError.invalidSession`.
    func destroy() throws
    /// Unregisters the push token, ends the session, and deletes everything stored about the visitor.
    func destroyWithClearVisitorData() throws
    /// The session's message stream; always the same object.
    func getStream() -> any MessageStream
    /// Moves the session to another location: the visitor's page is dropped and init runs again at once.
    func change(location: String) throws
    /// Sets the push token, sent to the service now and on each later init.
    func set(deviceToken: String) throws
}
