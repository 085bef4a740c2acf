import GRDB
import WebimWire

extension ServiceDatabase {
    /// Writes a new visitor's past chats inside the visitor's creating transaction: one transaction in all,
    /// whatever the size, so 100,000 messages cost one commit.
    static func seedHistory(_ seed: HistorySeed, visitor: VisitorRecord, db: Database) throws {
        let total = max(0, seed.messages)
        guard total > 0 else { return }
        let perChat = max(2, seed.messagesPerChat ?? 50)
        let operatorID = seed.operatorID ?? 1
        let operatorName = seed.operatorName ?? "Operator"
        if try OperatorRecord.fetchOne(db, key: operatorID) == nil {
            try OperatorRecord(id: operatorID, fullname: operatorName, avatar: nil).insert(db)
        }
        // One message a minute, the last one a day before the visitor appeared.
        let minute: Int64 = 60_000_000
        let end = Int64(visitor.createdAt * 1_000_000) - 86_400_000_000
        let start = end - Int64(total) * minute
        // One prepared statement for every row: encoding 100,000 records one by one took most of a debug build's
        // start of this visitor, long enough for a loaded test machine to give up on it.
        let insertMessage = try db.makeStatement(
            sql: """
                INSERT INTO message (id, chatId, visitorId, clientSideId, kind, text, name, tsMicros, authorId, edited,
                    readByOperator, historySeq)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 1, ?)
                """
        )
        var written = 0
        while written < total {
            let count = min(perChat, total - written)
            let chatStart = start + Int64(written) * minute
            var chat = ChatRecord(
                id: nil,
                visitorId: visitor.id,
                clientSideId: RandomID.hex(),
                state: ChatStateValue.closedByOperator,
                operatorId: operatorID,
                operatorTyping: false,
                creationTs: Double(chatStart) / 1_000_000
            )
            try chat.insert(db)
            guard let chatID = chat.id else { throw ServiceStoreError.noOpenChat }
            for index in 0..<count {
                let number = written + index + 1
                let fromVisitor = index % 2 == 0
                try insertMessage.execute(arguments: [
                    RandomID.hex(), chatID, visitor.id, RandomID.hex(),
                    fromVisitor ? MessageItem.Kind.visitor.rawValue : MessageItem.Kind.operator.rawValue,
                    fromVisitor ? "Past question #\(number)" : "Past answer #\(number)",
                    fromVisitor ? visitor.name : operatorName,
                    chatStart + Int64(index) * minute,
                    fromVisitor ? nil : operatorID,
                    Int64(number),
                ])
            }
            written += count
        }
    }
}
