/// A visitor's chat session. Every method must be called on the session's executor (`SessionBuilder.set(executor:)`).
public protocol WebimSession: AnyObject {
    /// Starts or resumes network activity.
    func resume() throws
    /// Stops network activity after the request in flight; `resume()` continues.
    func pause() throws
    /// Ends the session for good; later calls throw `AccessError.invalidSession`.
    func destroy() throws
    /// Ends the session and deletes everything stored about the visitor: history, outbox and ids.
    func destroyWithClearVisitorData() throws
    /// The session's message stream.
    func getStream() -> any MessageStream
}
