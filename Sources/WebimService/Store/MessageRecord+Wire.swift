import Foundation
import WebimWire

extension MessageRecord {
    /// The wire form of this message (PROTOCOL.md §4.2).
    ///
    /// - Parameter editable: whether the chat is open and the location lets visitors edit; only a visitor's own
    ///   text messages are then editable.
    func wireItem(editable: Bool = false) -> MessageItem {
        let known = MessageItem.Kind(rawValue: kind)
        let isVisitor = known == .visitor
        let isOperatorContent = known == .operator || known == .fileFromOperator
        let repliable = !deleted && known != .info && known != .keyboard && known != .keyboardResponse
        return MessageItem(
            id: id,
            clientSideId: clientSideId,
            chatId: String(chatId),
            kind: known ?? .info,
            text: text,
            name: name,
            tsMicros: tsMicros,
            authorId: authorId,
            avatar: avatar,
            data: data.flatMap(Self.json),
            read: isVisitor || known == .fileFromVisitor ? readByOperator : true,
            canBeEdited: editable && isVisitor && !deleted,
            canBeReplied: repliable,
            edited: edited ? true : nil,
            deleted: deleted ? true : nil,
            quote: quote.flatMap { try? WireCoding.decode(QuoteItem.self, fromJSON: Data($0.utf8)) },
            reaction: reaction,
            canVisitorReact: isOperatorContent ? true : nil,
            canVisitorChangeReaction: isOperatorContent ? true : nil
        )
    }

    /// The snapshot a quote of this message shows (PROTOCOL.md §4.6).
    var quotedSnapshot: QuoteItem.Message {
        QuoteItem.Message(
            id: id,
            authorId: authorId,
            kind: kind,
            name: name,
            text: text,
            ts: tsMicros / 1_000_000
        )
    }

    /// JSON text of a wire value, for the `data` and `quote` columns.
    static func jsonText(_ value: some Encodable) throws -> String {
        String(decoding: try WireCoding.makeEncoder().encode(value), as: UTF8.self)
    }

    private static func json(_ text: String) -> JSONValue? {
        try? JSONValue(parsing: Data(text.utf8))
    }
}

extension OperatorRecord {
    /// The wire form of this operator (PROTOCOL.md §4.9).
    var wireItem: OperatorItem {
        OperatorItem(id: id, fullname: fullname, avatar: avatar, title: title, additionalInfo: additionalInfo)
    }
}
