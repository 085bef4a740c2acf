import Foundation
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// The relay floor's upstream, in the benchmark's process: per stream, the messages published so far, and
/// `GET /poll/{index}?since=N` answering every message after the Nth as one JSON line each, held while there is none.
final class PollUpstream: Sendable {
    private struct Mailbox {
        var lines: [String] = []
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let mailboxes = Mutex<[Int: Mailbox]>([:])
    private let server = Mutex<Task<Void, any Error>?>(nil)

    /// Starts serving on a free loopback port; returns its base URL.
    func start() async throws -> String {
        let router = Router()
        router.get("/poll/{index}") { request, context -> Response in
            let index = try context.parameters.require("index", as: Int.self)
            let since = request.uri.queryParameters.get("since", as: Int.self) ?? 0
            let lines = await self.lines(of: index, after: since)
            return Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: lines.joined(separator: "\n")))
            )
        }
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "upstream")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { portSink.yield($0.localAddress?.port ?? 0) },
            logger: logger
        )
        server.withLock { $0 = Task { try await app.runService() } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw BenchError("the relay floor's upstream did not start") }
        return "http://127.0.0.1:\(port)"
    }

    /// Stops serving; every held poll is answered with nothing.
    func stop() {
        let waiting = mailboxes.withLock { mailboxes in
            defer { for index in mailboxes.keys { mailboxes[index]?.waiting = [] } }
            return mailboxes.values.flatMap(\.waiting)
        }
        for poll in waiting { poll.resume() }
        server.withLock { $0?.cancel() }
    }

    /// Adds a message for stream `index` and answers its held poll.
    func publish(to index: Int, text: String) {
        // The shape of a message event's data, so that the fleet reads the text as it reads the widget server's. The
        // texts are the benchmark's own (`latency-N`, `burst-N`): nothing in them needs escaping.
        let line = #"{"message":{"id":"\#(UUID().uuidString)","type":"operator","text":"\#(text)"}}"#
        let waiting = mailboxes.withLock { mailboxes in
            mailboxes[index, default: Mailbox()].lines.append(line)
            defer { mailboxes[index]?.waiting = [] }
            return mailboxes[index]?.waiting ?? []
        }
        for poll in waiting { poll.resume() }
    }

    /// The lines after the `since`th, once there is one (or the upstream stops). Held without a time limit: a run
    /// is shorter than the chat service's 25 s hold, which would only add a request per idle stream.
    private func lines(of index: Int, after since: Int) async -> [String] {
        if let ready = ready(index, since) { return ready }
        await withCheckedContinuation { continuation in
            let isReady = mailboxes.withLock { mailboxes in
                if mailboxes[index, default: Mailbox()].lines.count > since { return true }
                mailboxes[index, default: Mailbox()].waiting.append(continuation)
                return false
            }
            if isReady { continuation.resume() }
        }
        return ready(index, since) ?? []
    }

    private func ready(_ index: Int, _ since: Int) -> [String]? {
        mailboxes.withLock { mailboxes in
            guard let lines = mailboxes[index]?.lines, lines.count > since else { return nil }
            return Array(lines[since...])
        }
    }
}
