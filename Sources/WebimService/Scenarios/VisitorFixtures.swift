import Foundation
import HTTPAPI
import WebimWire

/// Visitor-authored messages recorded by a scenario, for fixtures such as the tester's gallery. A real
/// visitor's messages come from the visitor; these skip the upload limits and trigger no scenario steps. Only
/// scenario steps use them, so they live with the scenarios, beside the types that decide, not in them.
struct VisitorFixtures {
    let changes: VisitorChanges
    let files: FileStore

    /// Records a visitor's text message, opening the chat as the visitor's first message does (a fixture's state
    /// begins with a chat already going, with no visitor at the page to type).
    func recordText(visitorID: String, text: String, label: String?) async throws {
        try await changes.commit(visitorID: visitorID) { change in
            let chatID = try change.chatForVisitorMessage().chatID
            var message = MessageRecord.fromVisitor(
                change.visitor,
                chatID: chatID,
                clientSideID: RandomID.hex(),
                text: text,
                clock: change.clock
            )
            message.label = label
            try change.add(message)
            try change.markUnreadByOperator(from: message)
        }
    }

    /// Records a `sticker_visitor` message in the open chat.
    func recordSticker(visitorID: String, stickerID: Int) async throws {
        let data = try MessageRecord.jsonText(StickerItem(stickerId: stickerID))
        try await changes.commit(visitorID: visitorID) { change in
            let chatID = try Self.openChatID(change)
            var message = MessageRecord.fromVisitor(
                change.visitor,
                chatID: chatID,
                clientSideID: RandomID.hex(),
                text: "",
                clock: change.clock
            )
            message.kind = MessageItem.Kind.stickerVisitor.rawValue
            message.data = data
            try change.add(message)
            try change.markUnreadByOperator(from: message)
        }
    }

    /// Records a `file_visitor` message carrying `files` (one, or up to 10 as `send(uploadedFiles:)` sends them) in
    /// the open chat, and then `caption` as the visitor's text message, as the widget sends a caption.
    func recordFiles(visitorID: String, files parts: [UploadedPart], caption: String?, label: String?) async throws {
        var kept: [FileRecord] = []
        for part in parts { kept.append(try files.store(part, visitorID: visitorID, fromOperator: false)) }
        let stored = kept
        let guids = stored.map(\.guid)
        do {
            try await changes.commit(visitorID: visitorID) { change in
                let chatID = try Self.openChatID(change)
                var message = try MessageRecord.file(
                    stored[0],
                    visitor: change.visitor,
                    chatID: chatID,
                    clientSideID: RandomID.hex(),
                    clock: change.clock
                )
                if stored.count > 1 { message.text = try MessageRecord.jsonText(try stored.map { try $0.wireItem() }) }
                message.label = label
                for var record in stored {
                    record.chatId = chatID
                    record.messageId = message.id
                    try change.save(file: record)
                }
                try change.add(message)
                try change.markUnreadByOperator(from: message)
                if let caption {
                    let text = MessageRecord.fromVisitor(
                        change.visitor,
                        chatID: chatID,
                        clientSideID: RandomID.hex(),
                        text: caption,
                        clock: change.clock
                    )
                    try change.add(text)
                }
            }
        } catch {
            for guid in guids { files.remove(guid: guid) }
            throw error
        }
    }

    /// Presses a button of the labelled pending keyboard, as `chat.keyboard_response` does.
    func recordKeyboardResponse(visitorID: String, target: MessageTarget, buttonID: String) async throws {
        try await changes.commit(visitorID: visitorID) { change in
            guard let keyboard = try change.message(target) else {
                throw OperatorActionError.notFound("keyboard")
            }
            guard try change.completeKeyboard(keyboard, buttonID: buttonID) else {
                throw OperatorActionError.conflict("no pending keyboard with that button in the open chat")
            }
        }
    }

    private static func openChatID(_ change: VisitorChange) throws -> Int64 {
        guard let chatID = try change.openChat()?.id else { throw OperatorActionError.conflict("no open chat") }
        return chatID
    }
}
