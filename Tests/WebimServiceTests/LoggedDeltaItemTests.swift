import Foundation
import TestSupport
import Testing
import WebimWire

@testable import WebimService

/// A change's delta items are written in one pass (`JSONTextEncoder`): the same JSON as Foundation's encoder writes,
/// but for the order of keys, and `data` always there, null when there is nothing to say.
@Suite struct LoggedDeltaItemTests {
    @Test func itemsReadAsJSONEncoderWritesThemAndCarryNullData() async throws {
        try await withTemporaryDirectory { directory in
            let database = try ServiceDatabase(directory: directory)
            let identity = VisitorIdentity(deviceID: "device", location: "default", now: 1_700_000_000)
            let visitor = try await database.findOrCreateVisitor(identity, seed: nil)
            let revision = HistoryRevisionItem(revision: 42)
            let (_, logged) = try await database.change(visitorID: visitor.id) { change in
                try change.append(.chatMessage, .delete, id: "m1", data: nil)
                try change.append(.historyRevision, value: revision)
            }
            let items = try #require(logged?.items)
            #expect(items.first == #"{"objectType":"CHAT_MESSAGE","event":"del","id":"m1","data":null}"#)
            let expected = DeltaItem(
                objectType: .historyRevision,
                event: .update,
                id: visitor.visitSessionId,
                data: .object(["revision": .int(42)])
            )
            let foundation = try WireCoding.makeEncoder().encode(expected)
            #expect(try JSONValue(parsing: Data(items[1].utf8)) == JSONValue(parsing: foundation))
        }
    }
}
