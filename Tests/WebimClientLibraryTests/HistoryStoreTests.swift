import Dispatch
import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import WebimClientLibrary

/// One history store for many visitors: writes committed together, each visitor seeing only its own rows, and
/// an erased visitor leaving no text in the files.
@Suite struct HistoryStoreTests {
    @Test func writesThatArriveDuringACommitShareTheNext() async throws {
        try await withTemporaryDirectory { directory in
            let writer = try DatabaseQueue(path: directory.appendingPathComponent("group.sqlite").path)
            try await writer.write { db in try db.execute(sql: "CREATE TABLE note (text TEXT NOT NULL)") }
            let commits = Mutex<[Int]>([])
            let group = GroupCommit(writer: writer) { weight in commits.withLock { $0.append(weight) } }
            // The first write holds the writer until the others are queued, as a commit syncing to disk does.
            let (started, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
            let (finished, done) = AsyncStream.makeStream(of: Result<Void, any Error>.self)
            group.submit(
                .init(
                    body: { _ in
                        started.signal()
                        release.wait()
                    },
                    done: { done.yield($0) }
                )
            )
            await Self.waitOnAnotherThread(for: started)
            for index in 0..<100 {
                group.submit(
                    .init(
                        body: { db in try db.execute(sql: "INSERT INTO note VALUES (?)", arguments: ["\(index)"]) },
                        done: { done.yield($0) }
                    )
                )
            }
            release.signal()
            var outcomes = 0
            for await outcome in finished {
                #expect((try? outcome.get()) != nil)
                outcomes += 1
                if outcomes == 101 { break }
            }
            // A write's `done` comes before its commit is counted; a read on the queue waits for the count.
            #expect(try await writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM note") } == 100)
            #expect(commits.withLock { $0 } == [1, 100])
        }
    }

    @Test func copiesWaitForTheClockToShareACommitAndADurableWriteTakesThemAtOnce() async throws {
        try await withTemporaryDirectory { directory in
            let writer = try DatabaseQueue(path: directory.appendingPathComponent("group.sqlite").path)
            try await writer.write { db in try db.execute(sql: "CREATE TABLE note (text TEXT NOT NULL)") }
            let clock = TestClock()
            let commits = Mutex<[Int]>([])
            let group = GroupCommit(writer: writer, clock: clock) { weight in commits.withLock { $0.append(weight) } }
            let (finished, done) = AsyncStream.makeStream(of: Result<Void, any Error>.self)
            var outcomes = finished.makeAsyncIterator()
            let copy = { (text: String) in
                GroupCommit.Write(
                    body: { db in try db.execute(sql: "INSERT INTO note VALUES (?)", arguments: [text]) },
                    isDurable: false,
                    done: { done.yield($0) }
                )
            }
            let notes = { try await writer.read { db in try String.fetchAll(db, sql: "SELECT text FROM note") } }

            group.submit(copy("first"))
            group.submit(copy("second"))
            #expect(await clock.waitForSleep(until: clock.now.advanced(by: GroupCommit.copyWait)))
            // The wait is running: neither copy has reached the writer.
            #expect(try await notes().isEmpty)
            clock.advance(by: GroupCommit.copyWait)
            for _ in 0..<2 {
                let outcome = await outcomes.next()
                #expect((try outcome?.get()) != nil)
            }
            // A write's `done` comes before its commit is counted; a read on the queue waits for the count.
            #expect(try await notes() == ["first", "second"])
            #expect(commits.withLock { $0 } == [2])

            group.submit(copy("third"))
            #expect(await clock.waitForSleep(until: clock.now.advanced(by: GroupCommit.copyWait)))
            // A durable write does not wait for the clock, and the copy before it goes in its commit.
            try group.write { db in try db.execute(sql: "INSERT INTO note VALUES ('outbox')") }
            let third = await outcomes.next()
            #expect((try third?.get()) != nil)
            #expect(try await notes() == ["first", "second", "third", "outbox"])
            #expect(commits.withLock { $0 } == [2, 2])
        }
    }

    @Test func aFailingWriteIsRolledBackAloneAndTheOthersCommit() async throws {
        try await withTemporaryDirectory { directory in
            let writer = try DatabaseQueue(path: directory.appendingPathComponent("group.sqlite").path)
            try await writer.write { db in try db.execute(sql: "CREATE TABLE note (text TEXT NOT NULL UNIQUE)") }
            let group = GroupCommit(writer: writer)
            let (started, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
            let (finished, done) = AsyncStream.makeStream(of: (String, Bool).self)
            group.submit(
                .init(
                    body: { _ in
                        started.signal()
                        release.wait()
                    },
                    done: { _ in }
                )
            )
            await Self.waitOnAnotherThread(for: started)
            for name in ["first", "failing", "last"] {
                group.submit(
                    .init(
                        body: { db in
                            try db.execute(sql: "INSERT INTO note VALUES (?)", arguments: [name])
                            // Its own row went in; the duplicate fails the write, which takes its row with it.
                            if name == "failing" { try db.execute(sql: "INSERT INTO note VALUES ('first')") }
                        },
                        done: { done.yield((name, (try? $0.get()) != nil)) }
                    )
                )
            }
            release.signal()
            var outcomes: [String: Bool] = [:]
            for await (name, succeeded) in finished {
                outcomes[name] = succeeded
                if outcomes.count == 3 { break }
            }
            #expect(outcomes == ["first": true, "failing": false, "last": true])
            let stored = try await writer.read { db in try String.fetchAll(db, sql: "SELECT text FROM note ORDER BY 1")
            }
            #expect(stored == ["first", "last"])
        }
    }

    @Test func eachVisitorSeesOnlyItsOwnRows() async throws {
        try await withTemporaryDirectory { directory in
            let store = try HistoryStore(path: directory.appendingPathComponent("shared.sqlite").path, isShared: true)
            let alice = try HistoryDatabase(store: store, owner: .init(visitorKey: "alice", chatInstance: "default"))
            let bob = try HistoryDatabase(store: store, owner: .init(visitorKey: "bob", chatInstance: "default"))
            try alice.enqueue(outbox: Self.outbox("a-1", "Alice's"))
            try bob.enqueue(outbox: Self.outbox("b-1", "Bob's"))
            try alice.set("alice-device", forKey: .deviceID)
            alice.saveLater(messages: [Self.message("a-m", "Hello Alice")]) { _ in }
            bob.saveLater(messages: [Self.message("b-m", "Hello Bob")]) { _ in }
            // Read at once: a visitor's reads come after the writes it queued.
            #expect(try alice.allMessages().map(\.id) == ["a-m"])
            #expect(try bob.allMessages().map(\.id) == ["b-m"])
            #expect(try alice.outbox().map(\.clientSideId) == ["a-1"])
            #expect(try bob.values()[.deviceID] == nil)
            #expect(try bob.containsMessage(id: "a-m") == false)
            #expect(try store.visitorKeysWithUnsentMessages(among: [("bob", directory)]) == ["bob"])
            try bob.removeFromOutbox(clientSideID: "b-1")
            #expect(try store.visitorKeysWithUnsentMessages(among: [("bob", directory)]).isEmpty)
            #expect(try store.visitorKeys() == ["alice", "bob"])
            try store.discard(visitorKey: "alice")
            #expect(try store.visitorKeys() == ["bob"])
            #expect(try bob.allMessages().map(\.id) == ["b-m"])
            try store.close()
        }
    }

    @Test func aClosedVisitorWritesNothingMore() async throws {
        try await withTemporaryDirectory { directory in
            let store = try HistoryStore(path: directory.appendingPathComponent("shared.sqlite").path, isShared: true)
            let owner = HistoryOwnerName(visitorKey: "kiosk", chatInstance: "default")
            let visitor = try HistoryDatabase(store: store, owner: owner)
            try visitor.close()
            #expect(throws: DatabaseError.self) { try visitor.enqueue(outbox: Self.outbox("late", "Too late")) }
            // A delta that arrives as the session ends is dropped, not reported: the service has it.
            let failures = Mutex(0)
            visitor.saveLater(messages: [Self.message("late-m", "Too late")]) { _ in failures.withLock { $0 += 1 } }
            try store.commits.write { _ in }
            #expect(failures.withLock { $0 } == 0)
            #expect(try HistoryDatabase(store: store, owner: owner).allMessages().isEmpty)
            try store.close()
        }
    }

    @Test func anErasedVisitorLeavesNoTextInTheFiles() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("shared.sqlite").path
            let store = try HistoryStore(path: path, isShared: true)
            for key in ["erased", "kept"] {
                let visitor = try HistoryDatabase(store: store, owner: .init(visitorKey: key, chatInstance: "default"))
                let messages = (0..<50).map { Self.message("\(key)-\($0)", "secret of \(key) number \($0)") }
                visitor.saveLater(messages: messages) { _ in }
                try visitor.enqueue(outbox: Self.outbox("\(key)-out", "outbox secret of \(key)"))
            }
            // Into the database file itself, where deleted rows would otherwise stay in free space.
            let other = try DatabaseQueue(path: path)
            _ = try await other.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            try other.close()
            try store.erase(visitorKey: "erased")
            #expect(occurrencesOnDisk(of: "secret of erased", under: directory) == 0)
            // The scan finds what is there.
            #expect(occurrencesOnDisk(of: "secret of kept", under: directory) > 0)
            try store.close()
        }
    }

    @Test func aVisitorsOwnStoreFromBeforeMovesIntoTheSharedOne() async throws {
        try await withTemporaryDirectory { directory in
            let folder = directory.appendingPathComponent("tab/history")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // As an earlier version left it: schema v3, no owners.
            let old = try DatabaseQueue(path: folder.appendingPathComponent("history.sqlite").path)
            try HistorySchema.makeMigrator().migrate(old, upTo: "v3 one time index")
            try await old.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO message (id, serverId, kind, text, senderName, tsMicros, read, canBeEdited,
                            canBeReplied, edited) VALUES ('m-1', 's-1', 'operatorMessage', 'Hi', 'Anna', 1, 1, 0, 0, 0);
                        INSERT INTO outbox (clientSideId, text, tsMicros)
                            VALUES ('o-1', 'first', 2), ('o-2', 'second', 3);
                        INSERT INTO visitorValue (key, value) VALUES ('device_id', 'old-device');
                        """
                )
            }
            try old.close()
            let store = try HistoryStore(path: directory.appendingPathComponent("shared.sqlite").path, isShared: true)
            let owner = HistoryOwnerName(visitorKey: "tab", chatInstance: "default")
            #expect(
                try store.visitorKeysWithUnsentMessages(among: [("tab", directory.appendingPathComponent("tab"))])
                    == ["tab"]
            )
            #expect(!FileManager.default.fileExists(atPath: folder.path))
            let visitor = try HistoryDatabase(store: store, owner: owner)
            #expect(try visitor.allMessages().map(\.text) == ["Hi"])
            #expect(try visitor.outbox().map(\.clientSideId) == ["o-1", "o-2"])
            #expect(try visitor.values()[.deviceID] == "old-device")
            // Nothing left to move: a second look changes nothing.
            try store.adoptVisitorStore(in: folder, as: owner)
            #expect(try visitor.outbox().count == 2)
            try store.close()
        }
    }

    /// Waits for `semaphore` off the test's own thread, so that a cooperative thread is never blocked.
    private static func waitOnAnotherThread(for semaphore: DispatchSemaphore) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                semaphore.wait()
                continuation.resume()
            }
        }
    }

    static func outbox(_ id: String, _ text: String) -> OutboxRecord {
        OutboxRecord(position: nil, clientSideId: id, text: text, tsMicros: 1)
    }

    static func message(_ id: String, _ text: String) -> StoredMessageRecord {
        StoredMessageRecord(
            id: id,
            serverId: "server-\(id)",
            kind: "operatorMessage",
            text: text,
            senderName: "Anna",
            tsMicros: 1,
            read: true,
            canBeEdited: false,
            canBeReplied: false,
            edited: false,
            item: nil
        )
    }
}
