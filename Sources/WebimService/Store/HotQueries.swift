import GRDB

/// The statements every message runs (a delta poll, an operator's or a visitor's send), cached.
///
/// GRDB's query interface compiles its SQL anew on every call, and SQLite then asks GRDB's authorizer about
/// every column: under a burst of operator messages that was a fifth of the service's CPU (`perf`). These
/// compile once per connection; everything less frequent keeps the query interface.
enum HotQueries {
    static func visitor(_ db: Database, id: String) throws -> VisitorRecord? {
        try SQLRequest<VisitorRecord>(
            literal: "SELECT * FROM \(VisitorRecord.self) WHERE \(VisitorRecord.Columns.id) = \(id)",
            cached: true
        ).fetchOne(db)
    }

    static func page(_ db: Database, id: String) throws -> PageRecord? {
        try SQLRequest<PageRecord>(
            literal: "SELECT * FROM \(PageRecord.self) WHERE \(PageRecord.Columns.id) = \(id)",
            cached: true
        ).fetchOne(db)
    }

    /// Moves the visitor's revision, when nothing else of the visitor changed.
    static func setRevision(_ db: Database, visitorID: String, to revision: Int) throws {
        try db.cachedStatement(
            literal: """
                UPDATE \(VisitorRecord.self) SET \(VisitorRecord.Columns.revision) = \(revision)
                WHERE \(VisitorRecord.Columns.id) = \(visitorID)
                """
        ).execute()
    }

    /// The visitor's newest chat, open or closed.
    static func currentChat(_ db: Database, visitorID: String) throws -> ChatRecord? {
        try SQLRequest<ChatRecord>(
            literal: """
                SELECT * FROM \(ChatRecord.self) WHERE \(ChatRecord.Columns.visitorId) = \(visitorID)
                ORDER BY \(ChatRecord.Columns.id) DESC LIMIT 1
                """,
            cached: true
        ).fetchOne(db)
    }

    static func `operator`(_ db: Database, id: Int) throws -> OperatorRecord? {
        try SQLRequest<OperatorRecord>(
            literal: "SELECT * FROM \(OperatorRecord.self) WHERE \(OperatorRecord.Columns.id) = \(id)",
            cached: true
        ).fetchOne(db)
    }

    /// The visitor's last history sequence number; 0 before the first message.
    static func lastHistorySeq(_ db: Database, visitorID: String) throws -> Int64 {
        let last = try SQLRequest<Int64?>(
            literal: """
                SELECT MAX(\(MessageRecord.Columns.historySeq)) FROM \(MessageRecord.self)
                WHERE \(MessageRecord.Columns.visitorId) = \(visitorID)
                """,
            cached: true
        ).fetchOne(db)
        return (last ?? nil) ?? 0
    }

    /// The logged delta items after `revision`, in order, as the JSON they were stored as.
    static func deltaItems(_ db: Database, visitorID: String, after revision: Int) throws -> [String] {
        try SQLRequest<String>(
            literal: """
                SELECT \(DeltaRecord.Columns.item) FROM \(DeltaRecord.self)
                WHERE \(DeltaRecord.Columns.visitorId) = \(visitorID) AND \(DeltaRecord.Columns.revision) > \(revision)
                ORDER BY \(DeltaRecord.Columns.revision), \(DeltaRecord.Columns.position)
                """,
            cached: true
        ).fetchAll(db)
    }
}
