import Foundation
import WebimWire

/// The offline form and contact answers (PROTOCOL.md §5.2).
extension ChatEngine {
    /// How often `chat.cont_resp` may change the visitor's e-mail.
    static let maximumEmailChanges = 3

    /// `chat.offline_message`: the offline form. Stored as a closed offline chat in the visitor's history
    /// (HISTORY_REVISION), or as a normal message when a chat is open.
    func receiveOfflineMessage(visitor: VisitorRecord, _ offline: VisitorAction.OfflineMessage) async throws {
        let location = library.location(visitor.location)
        guard location.offlineMessages else { throw ProtocolFailure(WireError.noTariffOption) }
        let (text, file) = (offline.text, offline.file)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || file != nil else {
            throw ProtocolFailure(WireError.messageEmpty)
        }
        guard text.count <= location.maxMessageLength else { throw ProtocolFailure(WireError.maxMessageLengthExceeded) }
        guard MessageLimits.hasNoNUL(text) else { throw ProtocolFailure(WireError.wrongArgumentValue) }
        let fields = try offline.visitorFields.value(refusing: WireError.wrongArgumentValue)
        let clientSideID = offline.clientSideID ?? RandomID.hex()
        var stored: FileRecord?
        if let file { stored = try await storeUpload(file, visitor: visitor, location: location) }
        let upload = stored
        try await change(visitorID: visitor.id) { change in
            if let fields { Self.merge(fields: fields, into: &change.visitor) }
            guard try change.message(clientSideID: clientSideID) == nil else { return }
            let chatID: Int64
            if let open = try change.openChat()?.id {
                chatID = open
            } else {
                var chat = ChatRecord(
                    id: nil,
                    visitorId: change.visitor.id,
                    clientSideId: RandomID.hex(),
                    state: ChatStateValue.closedByVisitor,
                    operatorId: nil,
                    operatorTyping: false,
                    creationTs: ChatClock.now()
                )
                chat.offline = true
                try change.insert(chat: &chat)
                guard let id = chat.id else { throw ServiceStoreError.noOpenChat }
                chatID = id
            }
            if !text.isEmpty {
                try change.add(
                    Self.visitorMessage(change.visitor, chatID: chatID, clientSideID: clientSideID, text: text)
                )
            }
            if var stored = upload {
                stored.chatId = chatID
                let message = try Self.fileMessage(
                    for: stored,
                    visitor: change.visitor,
                    chatID: chatID,
                    clientSideID: RandomID.hex()
                )
                stored.messageId = message.id
                try change.save(file: stored)
                try change.add(message)
            }
            try change.announceHistoryRevision()
        }
    }

    /// `chat.cont_resp`: the visitor's contacts in answer to a contacts request; a `contacts` message.
    func respondWithContacts(visitor: VisitorRecord, _ fields: [String: String]) async throws {
        try await change(visitorID: visitor.id) { change in
            let before = Self.fields(of: change.visitor)["email"]
            if let email = fields["email"], let before, email != before {
                guard change.visitor.emailChanges < Self.maximumEmailChanges else {
                    throw ProtocolFailure(WireError.emailChangedTooManyTimes)
                }
                change.visitor.emailChanges += 1
            }
            Self.merge(fields: fields, into: &change.visitor)
            guard let chatID = try change.openChat()?.id else { return }
            let summary = fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
            var message = Self.visitorMessage(
                change.visitor,
                chatID: chatID,
                clientSideID: RandomID.hex(),
                text: summary
            )
            message.kind = MessageItem.Kind.contacts.rawValue
            message.data = try MessageRecord.jsonText(fields)
            try change.add(message)
        }
    }
}
