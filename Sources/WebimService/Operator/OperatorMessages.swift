import Foundation
import HTTPAPI
import WebimWire

/// What an operator sends into a visitor's open chat, from the console or a scenario: a message (text, info,
/// busy, a contacts or action request), a bot keyboard, a file.
struct OperatorMessages: Sendable {
    let files: FileStore
    let changes: VisitorChanges

    /// Sends an operator message into the open chat; returns its server id.
    @discardableResult
    func send(visitorID: String, _ outgoing: OperatorMessage) async throws -> String {
        try await changes.commit(visitorID: visitorID) { change in
            // System and queue messages need no operator in the chat; everything else does.
            let systemKinds = [MessageItem.Kind.info.rawValue, MessageItem.Kind.operatorBusy.rawValue]
            guard let chat = try change.openChat() else { throw OperatorActionError.conflict("no open chat") }
            let author =
                systemKinds.contains(outgoing.kind) && chat.operatorId == nil && outgoing.operatorID == nil
                ? nil : try change.openChatAndAuthor(operatorID: outgoing.operatorID).1
            var message = MessageRecord.fromOperator(
                outgoing,
                chat: chat,
                author: author,
                visitor: change.visitor,
                clock: change.clock
            )
            if let quote = outgoing.quote {
                let (item, quotedID) = try change.quote(quote)
                message.quote = try MessageRecord.jsonText(item)
                message.quotedMessageId = quotedID
            }
            try change.stopOperatorTyping()
            try change.add(message)
            if author != nil { try change.markUnreadByVisitor(message) }
            return message.id
        }
    }

    /// Sends a bot keyboard; `keyboard` gets the new message's id (a completed keyboard's response names it).
    @discardableResult
    func sendKeyboard(
        visitorID: String,
        label: String? = nil,
        operatorID: Int? = nil,
        keyboard: @escaping @Sendable (String) -> KeyboardItem
    ) async throws -> String {
        try await changes.commit(visitorID: visitorID) { change in
            let (chat, author) = try change.openChatAndAuthor(operatorID: operatorID)
            let outgoing = OperatorMessage(kind: MessageItem.Kind.keyboard.rawValue, text: "", label: label)
            var message = MessageRecord.fromOperator(
                outgoing,
                chat: chat,
                author: author,
                visitor: change.visitor,
                clock: change.clock
            )
            message.data = try MessageRecord.jsonText(keyboard(message.id))
            try change.stopOperatorTyping()
            try change.add(message)
            return message.id
        }
    }

    /// Sends a file as a `file_operator` message, stored in the files folder.
    @discardableResult
    func sendFile(
        visitorID: String,
        file: UploadedPart,
        caption: String? = nil,
        label: String? = nil,
        operatorID: Int? = nil
    ) async throws -> String {
        let stored = try files.store(file, visitorID: visitorID, fromOperator: true)
        // Refused (no such visitor, no open chat): the bytes written for it must not stay behind.
        return try await files.removingOnFailure(guid: stored.guid) {
            try await changes.commit(visitorID: visitorID) { change in
                let (chat, author) = try change.openChatAndAuthor(operatorID: operatorID)
                guard let chatID = chat.id else { throw OperatorActionError.conflict("no open chat") }
                var record = stored
                var message = try MessageRecord.file(
                    record,
                    visitor: change.visitor,
                    chatID: chatID,
                    clientSideID: RandomID.hex(),
                    author: author,
                    clock: change.clock
                )
                message.label = label
                if let caption { message.data = try Self.adding(caption: caption, to: message.data) }
                record.chatId = chatID
                record.messageId = message.id
                try change.save(file: record)
                try change.stopOperatorTyping()
                try change.add(message)
                try change.markUnreadByVisitor(message)
                return message.id
            }
        }
    }

    /// A file message's data with the caption as its `extra_text`.
    private static func adding(caption: String, to text: String?) throws -> String? {
        var data = text.flatMap { try? JSONValue(parsing: Data($0.utf8)) }
        if case .object(var members) = data {
            members["extra_text"] = .string(caption)
            data = .object(members)
        }
        return try data.map(MessageRecord.jsonText)
    }
}
