import Foundation
import WebimWire

/// Visitor-authored messages recorded by a scenario, for fixtures such as the tester's gallery. A real
/// visitor's messages come from the visitor; these skip the upload limits and trigger no scenario steps. Only
/// scenario steps use them, so they live with the scenarios, beside the types that decide, not in them.
struct VisitorFixtures {
    let changes: VisitorChanges
    let files: FileStore

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

    /// Records a `file_visitor` message carrying `file` in the open chat.
    func recordFile(visitorID: String, file: UploadedPart, label: String?) async throws {
        let stored = try files.store(file, visitorID: visitorID, fromOperator: false)
        try await files.removingOnFailure(guid: stored.guid) {
            try await changes.commit(visitorID: visitorID) { change in
                let chatID = try Self.openChatID(change)
                var record = stored
                var message = try MessageRecord.file(
                    record,
                    visitor: change.visitor,
                    chatID: chatID,
                    clientSideID: RandomID.hex(),
                    clock: change.clock
                )
                message.label = label
                record.chatId = chatID
                record.messageId = message.id
                try change.save(file: record)
                try change.add(message)
                try change.markUnreadByOperator(from: message)
            }
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
