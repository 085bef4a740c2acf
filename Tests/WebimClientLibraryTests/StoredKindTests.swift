import Foundation
import GRDB
import TestSupport
import Testing

@testable import WebimClientLibrary

/// The message kinds history rows and outbox entries keep are names written out, read back exactly, and a kind this
/// version does not know is an error: the row is left out, never shown as some other kind.
@Suite struct StoredKindTests {
    /// Rows on visitors' disks keep these names: changing one orphans their history.
    @Test func everyStoredKindKeepsItsWrittenName() throws {
        let golden: [(MessageType, String)] = [
            (.actionRequest, "actionRequest"), (.contactInformationRequest, "contactInformationRequest"),
            (.keyboard, "keyboard"), (.keyboardResponse, "keyboardResponse"), (.fileFromOperator, "fileFromOperator"),
            (.fileFromVisitor, "fileFromVisitor"), (.info, "info"), (.operatorMessage, "operatorMessage"),
            (.operatorBusy, "operatorBusy"), (.visitorMessage, "visitorMessage"), (.stickerVisitor, "stickerVisitor"),
        ]
        for (type, name) in golden {
            #expect(type.storedName == name)
            #expect(try MessageType(storedName: name) == type)
        }
        #expect(throws: UnknownStoredKind(name: "poll")) { try MessageType(storedName: "poll") }
        #expect(throws: UnknownStoredKind(name: "")) { try MessageType(storedName: "") }
        let outbox = OutboxRequest(kind: .message, text: "Hi")
        #expect(outbox.type == "visitorMessage")
        var unknown = outbox
        unknown.type = "poll"
        #expect(throws: UnknownStoredKind(name: "poll")) { try unknown.sendingMessage(id: "m", timeMicros: 1) }
    }

    @Test func aStoredRowOfAnUnknownKindIsLeftOutNotShownAsInfo() async throws {
        try await withTemporaryDirectory { directory in
            let storage = directory.appendingPathComponent("kept-visitor")
            let before = try await ManualChat.storedConversation(in: storage)
            #expect(before.count == 2)
            // A newer version wrote a row of a kind this one does not know, with no wire item to rebuild it from.
            let file = try #require(Self.historyFile(under: storage))
            let database = try DatabaseQueue(path: file.path)
            try await database.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO message (owner, id, serverId, kind, text, senderName, tsMicros, read, \
                        canBeEdited, canBeReplied, edited) VALUES ((SELECT id FROM historyOwner WHERE name = ''), \
                        'from-a-newer-version', 's-new', 'poll', 'Which day suits you?', 'Bot', \
                        (SELECT MAX(tsMicros) + 1 FROM message), 1, 0, 0, 0)
                        """
                )
            }
            try database.close()
            let offline = SessionHarness()
            try await offline.start(accountURL: "http://127.0.0.1:9", storage: storage, location: "manual")
            #expect(try await offline.newTracker(lastMessages: 10) == before)
            try await offline.destroy()
        }
    }

    private static func historyFile(under directory: URL) -> URL? {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if file.lastPathComponent == "history.sqlite" { return file }
        }
        return nil
    }
}
