import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// Many server-sent event streams read at once; each message's text is entered in an `ArrivalBook`.
final class StreamFleet: Sendable {
    let book = ArrivalBook()
    private let readers = LockedTasks()

    /// Opens `urls` and returns once each stream has delivered its first event.
    func open(_ urls: [String], http: BenchHTTP) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, url) in urls.enumerated() {
                // At most a few hundred connects in flight: a burst of thousands overflows the listen backlog.
                if index >= 256 { try await group.next() }
                group.addTask { try await self.start(url, index: index, http: http) }
            }
            try await group.waitForAll()
        }
    }

    private func start(_ url: String, index: Int, http: BenchHTTP) async throws {
        let response = try await http.client.execute(HTTPClientRequest(url: url), timeout: .hours(2))
        guard response.status == .ok else { throw BenchError("GET \(url): HTTP \(response.status.code)") }
        let opened = "open-\(index)"
        let book = self.book
        readers.add(
            Task {
                var parser = EventParser()
                var first = true
                do {
                    for try await chunk in response.body {
                        for (name, data) in parser.feed(chunk) {
                            if first {
                                first = false
                                book.arrived(opened)
                            }
                            if name == "message.added", let text = Self.messageText(data) { book.arrived(text) }
                            if name == "result", let id = Self.resultClientID(data) { book.arrived("result-\(id)") }
                        }
                    }
                } catch {}
            }
        )
        _ = await book.arrival(of: opened)
    }

    /// `message.text` of an event's JSON data.
    private static func messageText(_ data: [UInt8]) -> String? {
        let object = try? JSONSerialization.jsonObject(with: Data(data)) as? [String: Any]
        return (object?["message"] as? [String: Any])?["text"] as? String
    }

    /// `clientId` of a successful `result` event.
    private static func resultClientID(_ data: [UInt8]) -> String? {
        let object = try? JSONSerialization.jsonObject(with: Data(data)) as? [String: Any]
        guard object?["ok"] as? Bool == true else { return nil }
        return object?["clientId"] as? String
    }

    /// Closes every stream.
    func close() { readers.cancelAll() }
}

/// The reading tasks, so that they can be cancelled together.
final class LockedTasks: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])
    func add(_ task: Task<Void, Never>) { tasks.withLock { $0.append(task) } }
    func cancelAll() {
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }
}

/// The event-stream framing: `event:` and `data:` lines up to a blank line; comments and ids are skipped.
struct EventParser {
    private var pending: [UInt8] = []
    private var name = "message"
    private var data: [UInt8] = []

    mutating func feed(_ chunk: ByteBuffer) -> [(name: String, data: [UInt8])] {
        pending += chunk.readableBytesView
        var events: [(String, [UInt8])] = []
        var lineStart = 0
        for index in pending.indices where pending[index] == UInt8(ascii: "\n") {
            let line = pending[lineStart..<index]
            lineStart = index + 1
            if line.isEmpty {
                if !data.isEmpty { events.append((name, data)) }
                (name, data) = ("message", [])
            } else if line.starts(with: Array("event: ".utf8)) {
                name = String(decoding: line.dropFirst(7), as: UTF8.self)
            } else if line.starts(with: Array("data: ".utf8)) {
                data += line.dropFirst(6)
            }
        }
        pending.removeFirst(lineStart)
        return events
    }
}
