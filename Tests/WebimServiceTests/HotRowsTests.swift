import Foundation
import GRDB
import TestSupport
import Testing

@testable import WebimService

/// The hot path's hand-written statements read and write exactly what GRDB's `Codable` records do.
@Suite struct HotRowsTests {
    /// Every column away from its default, so that a column read or written in the wrong place shows.
    static let visitor: VisitorRecord = {
        var visitor = VisitorRecord(
            id: "v1",
            deviceId: "device",
            location: "desk",
            name: "Ann",
            visitSessionId: "session",
            revision: 7,
            visitState: "chat",
            createdAt: 1_700_000_000.25
        )
        visitor.providedId = "provided"
        visitor.providedAuthToken = "token"
        visitor.fields = #"{"email":"a@example.com"}"#
        visitor.prechatFields = "prechat"
        visitor.pushToken = "push"
        visitor.banned = true
        visitor.scenarioPaused = true
        visitor.emailChanges = 3
        return visitor
    }()

    static let chat = ChatRecord(
        id: nil,
        visitorId: "v1",
        clientSideId: "chat-client",
        state: "chatting",
        operatorId: 5,
        operatorTyping: true,
        creationTs: 1_700_000_001.5,
        departmentKey: "sales",
        offline: true,
        unreadByVisitorCount: 2,
        unreadByVisitorSinceTs: 1_700_000_002.75,
        unreadByOperatorSinceTs: 1_700_000_003.125,
        visitorTyping: true,
        visitorDraft: "draft",
        modificationTs: 1_700_000_004.5
    )

    static func message(chatID: Int64) -> MessageRecord {
        MessageRecord(
            id: "m1",
            chatId: chatID,
            visitorId: "v1",
            clientSideId: "client",
            kind: "operator",
            text: "Hello",
            name: "Bob",
            tsMicros: 1_700_000_005_000_001,
            authorId: 5,
            avatar: "/avatar.png",
            edited: true,
            data: #"{"k":1}"#,
            quote: #"{"state":"pending"}"#,
            quotedMessageId: "m0",
            reaction: "like",
            readByOperator: true,
            deleted: true,
            label: "greeting",
            historySeq: 9
        )
    }

    @Test func readsAndWritesWhatTheRecordsDo() async throws {
        try await withTemporaryDirectory { directory in
            let database = try ServiceDatabase(directory: directory)
            try database.writeNow { db in
                try Self.visitor.insert(db)
                try PageRecord(id: "p1", visitorId: "v1", authToken: "secret", createdAt: 1).insert(db)
                let author = OperatorRecord(
                    id: 5,
                    fullname: "Bob",
                    avatar: "/a.png",
                    title: "Agent",
                    additionalInfo: "x"
                )
                try author.insert(db)
                #expect(try HotQueries.operator(db, id: 5) == author)
                #expect(try HotQueries.operator(db, id: 6) == nil)

                #expect(try HotQueries.visitor(db, id: "v1") == Self.visitor)
                #expect(try HotQueries.visitor(db, id: "v2") == nil)
                #expect(try HotQueries.visitor(db, pageID: "p1", authToken: "secret") == Self.visitor)
                #expect(try HotQueries.visitor(db, pageID: "p1", authToken: "wrong") == nil)
                #expect(try HotQueries.visitor(db, pageID: "p2", authToken: "secret") == nil)

                var chat = Self.chat
                try chat.insert(db)
                #expect(try HotQueries.currentChat(db, visitorID: "v1") == chat)
                chat.state = "closed"
                chat.operatorId = nil
                chat.unreadByVisitorSinceTs = nil
                chat.visitorDraft = nil
                try HotQueries.update(db, chat: chat)
                #expect(try ChatRecord.fetchOne(db, key: chat.id) == chat)
                var missing = chat
                missing.id = 999
                #expect(throws: RecordError.self) { try HotQueries.update(db, chat: missing) }

                let message = Self.message(chatID: try #require(chat.id))
                try HotQueries.insert(db, message: message)
                #expect(try MessageRecord.fetchOne(db, key: "m1") == message)
                #expect(try HotQueries.lastHistorySeq(db, visitorID: "v1") == 9)
                #expect(try HotQueries.lastHistorySeq(db, visitorID: "v2") == 0)

                try HotQueries.insertDelta(db, visitorID: "v1", revision: 8, position: 1, item: "b")
                try HotQueries.insertDelta(db, visitorID: "v1", revision: 8, position: 0, item: "a")
                try HotQueries.insertDelta(db, visitorID: "v1", revision: 7, position: 0, item: "old")
                #expect(try HotQueries.deltaItems(db, visitorID: "v1", after: 7) == ["a", "b"])
                #expect(
                    try DeltaRecord.fetchAll(db).map(\.item).sorted() == ["a", "b", "old"]
                )
                try HotQueries.setRevision(db, visitorID: "v1", to: 8, storedBytes: 1_234)
                #expect(try VisitorRecord.fetchOne(db, key: "v1")?.revision == 8)
                #expect(try VisitorRecord.fetchOne(db, key: "v1")?.storedBytes == 1_234)
            }
        }
    }
}
