import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Reads a server-sent event stream over a real socket and hands out its events, each awaited with a timeout.
public final class SSEReader: Sendable {
    /// One parsed event.
    public struct Event: Sendable, Equatable {
        public var id: String?
        public var name: String
        public var data: String

        /// The data as a JSON object.
        public var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:]
        }
    }

    /// The response's status and headers.
    public let status: UInt
    public let headers: [String: String]
    private let events: AsyncStream<Event>
    private let iterator: IteratorBox
    private let reading: Task<Void, Never>

    /// Connects to `url` and starts parsing; with `includeComments`, each `:` comment line is an event named `:`, and
    /// with `includeRetry`, each `retry:` line is an event named `retry:` whose data is its value.
    public init(
        url: String,
        headers requestHeaders: [String: String] = [:],
        includeComments: Bool = false,
        includeRetry: Bool = false
    ) async throws {
        var request = HTTPClientRequest(url: url)
        for (name, value) in requestHeaders { request.headers.add(name: name, value: value) }
        let response = try await LoopbackHTTP.client.execute(request, timeout: .seconds(120))
        status = response.status.code
        headers = Dictionary(response.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        let (events, sink) = AsyncStream.makeStream(of: Event.self)
        self.events = events
        iterator = IteratorBox(events.makeAsyncIterator())
        reading = Task {
            var parser = SSEParser()
            parser.includeComments = includeComments
            parser.includeRetry = includeRetry
            do {
                for try await chunk in response.body {
                    for event in parser.feed(Array(buffer: chunk)) { sink.yield(event) }
                }
            } catch {}
            sink.finish()
        }
    }

    deinit { reading.cancel() }

    /// Stops reading; the server sees the connection close.
    public func close() { reading.cancel() }

    /// The next event, or nil if the stream ended or `timeout` passed first.
    public func next(timeout: Duration = .seconds(10)) async -> Event? {
        await withTimeout(timeout) { await self.iterator.next() }
    }

    /// Whether the server ends the stream within `timeout` with no event before the end; false if an event comes
    /// first or the time passes.
    public func ends(within timeout: Duration = .seconds(10)) async -> Bool {
        await withTimeout(timeout) { await self.iterator.next() == nil } ?? false
    }

    /// Skips events until one satisfies `predicate`; nil if none does within `timeout` in all.
    public func waitFor(
        timeout: Duration = .seconds(15),
        where predicate: @Sendable (Event) -> Bool
    ) async -> Event? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let event = await next(timeout: deadline - ContinuousClock.now) else { return nil }
            if predicate(event) { return event }
        }
        return nil
    }
}

/// The shared iterator: one reader at a time, as `next` is awaited sequentially by a test.
private actor IteratorBox {
    var iterator: AsyncStream<SSEReader.Event>.Iterator
    init(_ iterator: AsyncStream<SSEReader.Event>.Iterator) { self.iterator = iterator }
    func next() async -> SSEReader.Event? {
        var current = iterator
        let event = await current.next(isolation: self)
        iterator = current
        return event
    }
}

/// The EventSource parsing rules: fields up to a blank line; comments and `retry:` produce no event.
public struct SSEParser: Sendable {
    /// Whether comment lines become events named `:` (their text as data).
    public var includeComments = false
    /// Whether `retry:` lines become events named `retry:` (the value as data).
    public var includeRetry = false
    /// Bytes not yet ending in a newline: a chunk may end inside a multi-byte character.
    private var buffer: [UInt8] = []
    private var id: String?
    private var name: String?
    private var data: [String] = []

    public init() {}

    /// The events that `bytes` completes, in order.
    public mutating func feed(_ bytes: [UInt8]) -> [SSEReader.Event] {
        buffer += bytes
        var events: [SSEReader.Event] = []
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: buffer[..<newline], as: UTF8.self)
            buffer.removeSubrange(...newline)
            if line.isEmpty {
                if !data.isEmpty || name != nil {
                    events.append(.init(id: id, name: name ?? "message", data: data.joined(separator: "\n")))
                }
                (name, data) = (nil, [])
            } else if line.hasPrefix(":") {
                if includeComments { events.append(.init(id: nil, name: ":", data: line)) }
            } else {
                let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let field = String(parts[0])
                var value = parts.count > 1 ? String(parts[1]) : ""
                if value.hasPrefix(" ") { value.removeFirst() }
                switch field {
                case "id": id = value
                case "event": name = value
                case "data": data.append(value)
                case "retry" where includeRetry: events.append(.init(id: nil, name: "retry:", data: value))
                default: break
                }
            }
        }
        return events
    }
}
