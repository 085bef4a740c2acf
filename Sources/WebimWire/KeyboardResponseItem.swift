/// The visitor's choice: the `data` of a `keyboard_response` message (PROTOCOL.md §4.7).
public struct KeyboardResponseItem: Codable, Sendable, Equatable {
    /// Which keyboard was answered.
    public struct Request: Codable, Sendable, Equatable {
        /// The server id of the keyboard message.
        public var messageId: String?

        public init(messageId: String?) { self.messageId = messageId }
    }

    /// Required whenever `request.messageId` is present: iOS 4.0 traps without it.
    public var button: KeyboardButtonItem?
    public var request: Request?

    public init(button: KeyboardButtonItem?, request: Request?) {
        self.button = button
        self.request = request
    }
}
