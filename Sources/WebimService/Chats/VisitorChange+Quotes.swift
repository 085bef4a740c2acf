import Foundation
import WebimWire

/// The messages a change names, and what quoting them means: by server id or scenario label, quoted by an
/// operator (PROTOCOL.md §4.6) or by the visitor (§5.3).
extension VisitorChange {
    /// The message a target names, if it is the visitor's.
    func message(_ target: MessageTarget) throws -> MessageRecord? {
        switch target {
        case .id(let id):
            guard let message = try message(id: id), message.visitorId == visitor.id else { return nil }
            return message
        case .label(let label):
            return try message(label: label)
        }
    }

    /// The quote an operator's message carries, and the quoted message's id.
    func quote(_ request: QuoteRequest) throws -> (QuoteItem, String?) {
        let original: MessageRecord?
        switch request {
        case .pending: return (QuoteItem(state: .pending), nil)
        case .missing: return (QuoteItem(state: .notFound), nil)
        case .lastFile: original = try lastFileMessage()
        case .message(let target): original = try message(target)
        }
        guard let original, !original.deleted else { return (QuoteItem(state: .notFound), original?.id) }
        return (QuoteItem(state: .filled, message: original.quotedSnapshot), original.id)
    }

    /// The message a visitor's `quote` argument names, or the nested quote error (PROTOCOL.md §5.3).
    func visitorQuote(_ text: String) throws -> MessageRecord {
        let failure = { (code: String) in ProtocolFailure(code, nested: true) }
        guard let value = try? JSONValue(parsing: Data(text.utf8)) else {
            throw failure(WireError.requiredQuoteArgsMissing)
        }
        if let references = value.arrayValue {
            throw failure(
                references.count > 1 ? WireError.multipleQuotedMessagesFound : WireError.requiredQuoteArgsMissing
            )
        }
        guard let id = value["ref"]?["msgId"]?.stringValue, !id.isEmpty else {
            throw failure(WireError.requiredQuoteArgsMissing)
        }
        guard id.count == 32, id.allSatisfy(\.isHexDigit) else { throw failure(WireError.corruptedQuotedMessageID) }
        guard let quoted = try message(id: id) else { throw failure(WireError.quotedMessageNotFound) }
        guard quoted.visitorId == visitor.id else { throw failure(WireError.quotingMessageFromAnotherVisitor) }
        guard quoted.wireItem().canBeReplied == true else { throw failure(WireError.quotingMessageThatCannotBeReplied) }
        return quoted
    }
}
