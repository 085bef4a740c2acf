public import Foundation

/// The message a reply quotes (PROTOCOL.md §4.6).
public protocol Quote: Sendable {
    /// The quoted message's author (an operator id).
    func getAuthorID() -> String?
    /// The quoted file, when the quoted message is one (v3 type `FileInfo`; EN says `MessageAttachment`).
    func getMessageAttachment() -> (any FileInfo)?
    /// When the quoted message was sent.
    func getMessageTimestamp() -> Date?
    /// The quoted message's id.
    func getMessageID() -> String?
    /// The quoted text.
    func getMessageText() -> String?
    /// The quoted message's type.
    func getMessageType() -> MessageType?
    /// The quoted message's sender.
    func getSenderName() -> String?
    /// Whether the quote is loaded.
    func getState() -> QuoteState
}

extension Quote {
    /// v3's spelling of `getAuthorID()`.
    public func getAuthorId() -> String? { getAuthorID() }
    /// v3's spelling of `getMessageID()`.
    public func getMessageId() -> String? { getMessageID() }
}

/// A quote's state.
public enum QuoteState: Sendable, Equatable {
    /// Still loading.
    case pending
    /// Loaded.
    case filled
    /// The quoted message is gone.
    case notFound
}
