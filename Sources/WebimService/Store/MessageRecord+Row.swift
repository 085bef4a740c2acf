import GRDB

extension MessageRecord {
    /// Reads the row column by column. GRDB's `Decodable` path goes through a keyed decoding container for every
    /// column, which was most of the service's time reading a history page of 100 (`perf`, `widget-bench
    /// history`).
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        chatId = try row.decode(forColumn: "chatId")
        visitorId = try row.decode(forColumn: "visitorId")
        clientSideId = try row.decode(forColumn: "clientSideId")
        kind = try row.decode(forColumn: "kind")
        text = try row.decode(forColumn: "text")
        name = try row.decode(forColumn: "name")
        tsMicros = try row.decode(forColumn: "tsMicros")
        authorId = try row.decode(forColumn: "authorId")
        avatar = try row.decode(forColumn: "avatar")
        edited = try row.decode(forColumn: "edited")
        data = try row.decode(forColumn: "data")
        quote = try row.decode(forColumn: "quote")
        quotedMessageId = try row.decode(forColumn: "quotedMessageId")
        reaction = try row.decode(forColumn: "reaction")
        readByOperator = try row.decode(forColumn: "readByOperator")
        deleted = try row.decode(forColumn: "deleted")
        label = try row.decode(forColumn: "label")
        historySeq = try row.decode(forColumn: "historySeq")
    }
}
