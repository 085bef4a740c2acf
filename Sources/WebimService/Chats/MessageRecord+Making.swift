import Foundation
import HTTPAPI
import WebimWire

/// New message records as each author writes them: the visitor's text, a file message, an operator's message.
extension MessageRecord {
    /// A new visitor text message in a chat.
    static func fromVisitor(
        _ visitor: VisitorRecord,
        chatID: Int64,
        clientSideID: String,
        text: String,
        clock: ServerClock
    ) -> MessageRecord {
        MessageRecord(
            id: RandomID.hex(),
            chatId: chatID,
            visitorId: visitor.id,
            clientSideId: clientSideID,
            kind: MessageItem.Kind.visitor.rawValue,
            text: text,
            name: visitor.name,
            tsMicros: clock.nowMicros(),
            authorId: nil,
            avatar: nil,
            edited: false
        )
    }

    /// A file message for a stored file (`text` = file parameters, `data.file` ready); the visitor's unless an
    /// operator is its author.
    static func file(
        _ file: FileRecord,
        visitor: VisitorRecord,
        chatID: Int64,
        clientSideID: String,
        author: OperatorRecord? = nil,
        clock: ServerClock
    ) throws -> MessageRecord {
        let parameters = try file.wireItem()
        var message = MessageRecord(
            id: RandomID.hex(),
            chatId: chatID,
            visitorId: visitor.id,
            clientSideId: clientSideID,
            kind: (author == nil ? MessageItem.Kind.fileFromVisitor : .fileFromOperator).rawValue,
            text: try parameters.messageText(),
            name: author?.fullname ?? visitor.name,
            tsMicros: clock.nowMicros(),
            authorId: author?.id,
            avatar: author?.avatar,
            edited: false
        )
        message.data = try MessageRecord.jsonText(["file": MessageFileItem(state: .ready, desc: parameters)])
        return message
    }

    /// A new operator-side message record; `info` messages have no author and an empty name.
    static func fromOperator(
        _ outgoing: OperatorMessage,
        chat: ChatRecord,
        author: OperatorRecord?,
        visitor: VisitorRecord,
        chatID: Int64? = nil,
        clock: ServerClock
    ) -> MessageRecord {
        let isInfo = outgoing.kind == MessageItem.Kind.info.rawValue
        var message = MessageRecord(
            id: RandomID.hex(),
            chatId: chatID ?? chat.id ?? 0,
            visitorId: visitor.id,
            clientSideId: RandomID.hex(),
            kind: outgoing.kind,
            text: outgoing.text,
            name: isInfo ? "" : author?.fullname ?? "",
            tsMicros: clock.nowMicros(),
            authorId: isInfo ? nil : author?.id,
            avatar: isInfo ? nil : author?.avatar,
            edited: false
        )
        message.label = outgoing.label
        message.data = outgoing.data
        return message
    }
}
