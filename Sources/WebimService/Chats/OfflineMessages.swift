import Foundation
import HTTPAPI
import WebimWire

/// The offline form (PROTOCOL.md §5.2, §11.10): whether the location takes it, and where it goes: a closed
/// offline chat in the visitor's history (HISTORY_REVISION), or the open chat if there is one.
struct OfflineMessages: Sendable {
    let library: ScenarioLibrary
    let files: FileStore
    let storage: StorageGuard
    let changes: VisitorChanges

    /// `chat.offline_message`: its text, perhaps a file, perhaps the visitor's fields.
    func receive(visitor: VisitorRecord, _ offline: VisitorAction.OfflineMessage) async throws {
        let location = library.location(visitor.location)
        guard location.offlineMessages else { throw ProtocolFailure(WireError.noTariffOption) }
        let text = offline.text
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || offline.file != nil else {
            throw ProtocolFailure(WireError.messageEmpty)
        }
        guard text.count <= location.maxMessageLength else { throw ProtocolFailure(WireError.maxMessageLengthExceeded) }
        guard MessageLimits.hasNoNUL(text) else { throw ProtocolFailure(WireError.wrongArgumentValue) }
        let fields = try offline.visitorFields.value(refusing: WireError.wrongArgumentValue)
        let clientSideID = offline.clientSideID ?? RandomID.hex()
        let upload = try offline.file.map { file in
            try files.storeUpload(file, visitorID: visitor.id, location: location) { size in
                try storage.admit(Int64(text.utf8.count) + size, from: visitor)
            }
        }
        let store = {
            try await self.store(text, upload: upload, fields: fields, clientSideID: clientSideID, visitor: visitor)
        }
        guard let upload else {
            _ = try await store()
            return
        }
        // A refused message, or a retry of one already stored, leaves no file behind.
        if try await !files.removingOnFailure(guid: upload.guid, store) { files.remove(guid: upload.guid) }
    }

    /// Stores the offline message and its file in one change (the visitor's budget is charged for both as every
    /// change is); false when a message with this client-side id was already stored (a retry).
    private func store(
        _ text: String,
        upload: FileRecord?,
        fields: [String: String]?,
        clientSideID: String,
        visitor: VisitorRecord
    ) async throws -> Bool {
        try await changes.commit(visitorID: visitor.id) { change in
            guard try change.message(clientSideID: clientSideID) == nil else { return false }
            if let fields { try change.visitor.merge(fields: fields) }
            // The file's bytes are on disk already: the folder's budget was checked before they were written.
            if let upload { change.charge(storedFile: upload) }
            let chatID = try Self.chatID(&change)
            if !text.isEmpty {
                try change.add(
                    MessageRecord.fromVisitor(
                        change.visitor,
                        chatID: chatID,
                        clientSideID: clientSideID,
                        text: text,
                        clock: change.clock
                    )
                )
            }
            if var stored = upload {
                stored.chatId = chatID
                let message = try MessageRecord.file(
                    stored,
                    visitor: change.visitor,
                    chatID: chatID,
                    clientSideID: RandomID.hex(),
                    clock: change.clock
                )
                stored.messageId = message.id
                try change.save(file: stored)
                try change.add(message)
            }
            try change.announceHistoryRevision()
            return true
        }
    }

    /// The open chat, else a new closed offline one.
    private static func chatID(_ change: inout VisitorChange) throws -> Int64 {
        if let open = try change.openChat()?.id { return open }
        var chat = ChatRecord(
            id: nil,
            visitorId: change.visitor.id,
            clientSideId: RandomID.hex(),
            state: ChatStateValue.closedByVisitor,
            operatorId: nil,
            operatorTyping: false,
            creationTs: change.clock.now()
        )
        chat.offline = true
        try change.insert(chat: &chat)
        guard let id = chat.id else { throw ServiceStoreError.noOpenChat }
        return id
    }
}
