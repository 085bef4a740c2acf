import Foundation
import HTTPAPI
import NIOHTTP1

/// What the fan-out benchmark drives: N streams, and a way to make one message appear on stream `i`.
protocol FanoutTarget: Sendable {
    var name: String { get }
    /// Opens `count` subscribers and returns their stream URLs.
    func prepare(count: Int) async throws -> [String]
    /// Makes a message with `text` appear on stream `index`.
    func publish(to index: Int, text: String) async throws
    /// CPU time the server under test has used so far; nil when it shares this process.
    func serverCPUTime() -> Duration?
    /// CPU time the widget servers alone have used so far, where the chat service runs in a process of its own (what
    /// a deployment on a real Webim account pays); nil where the two are one process.
    func widgetCPUTime() -> Duration?
}

extension FanoutTarget {
    func widgetCPUTime() -> Duration? { nil }
}

/// Widget servers and their chat service: one tab (core session) per stream, the operator writes through the
/// service's console API. One server with its embedded service, or a cluster behind nginx (`ClusterFanout`).
final class WidgetTarget: FanoutTarget, @unchecked Sendable {
    // @unchecked: `visitors` is written once in `prepare`, before any `publish`.
    let name: String
    private let http: BenchHTTP
    /// Where pages open their tabs and send: the server, or nginx in front of several.
    private let front: String
    private let serviceURL: String
    private let consoleToken: String
    /// Where a tab's stream is read: the front, or the server that holds the tab.
    private let streamBase: @Sendable (String) async throws -> String
    private let cpuTime: @Sendable () -> Duration?
    private let widgetCPU: @Sendable () -> Duration?
    private var visitors: [String] = []

    convenience init(server: ServerUnderTest, http: BenchHTTP) {
        self.init(
            name: "widget",
            http: http,
            front: server.widgetURL,
            serviceURL: server.serviceURL,
            consoleToken: server.consoleToken,
            streamBase: { _ in server.widgetURL },
            cpuTime: { server.cpuTime() }
        )
    }

    init(
        name: String,
        http: BenchHTTP,
        front: String,
        serviceURL: String,
        consoleToken: String,
        streamBase: @escaping @Sendable (String) async throws -> String,
        cpuTime: @escaping @Sendable () -> Duration?,
        widgetCPUTime: @escaping @Sendable () -> Duration? = { nil }
    ) {
        (self.name, self.http, self.front, self.serviceURL, self.consoleToken) =
            (name, http, front, serviceURL, consoleToken)
        (self.streamBase, self.cpuTime, self.widgetCPU) = (streamBase, cpuTime, widgetCPUTime)
    }

    func prepare(count: Int) async throws -> [String] {
        let tabs = try await concurrently(count, width: 64) { index in
            // The page proposes its tab's id, so that a balancer sends its first request where the tab will live.
            let tab = RandomToken.make(byteCount: 16)
            _ = try await self.http.object(.POST, self.front + "/api/tabs/\(tab)", json: ["location": "manual"])
            // A first visitor message opens the chat the operator then answers in; its text names the tab.
            _ = try await self.http.object(
                .POST,
                self.front + "/api/tabs/\(tab)/messages",
                json: ["text": "\(self.helloPrefix)\(index)", "clientId": "bench-hello-\(index)"]
            )
            return try await self.streamBase(tab) + "/api/tabs/\(tab)/events"
        }
        visitors = try await visitorIDs(count: count)
        _ = try await concurrently(count, width: 64) { index in
            _ = try await self.consoleCall(.POST, "/visitors/\(self.visitors[index])/join", json: [:])
        }
        return tabs
    }

    func publish(to index: Int, text: String) async throws {
        _ = try await consoleCall(.POST, "/visitors/\(visitors[index])/messages", json: ["text": text])
    }

    func serverCPUTime() -> Duration? { cpuTime() }
    func widgetCPUTime() -> Duration? { widgetCPU() }

    /// A console API call with the server's token.
    private func consoleCall(_ method: HTTPMethod, _ path: String, json: [String: Any]? = nil) async throws -> Any {
        try await http.object(
            method,
            serviceURL + "/operator/api" + path,
            json: json,
            headers: [("Authorization", "Bearer \(consoleToken)")]
        )
    }

    /// The first message's text before the tab's index: one per target, so that two targets on one service (a
    /// cluster measured direct and through nginx) never take each other's visitors.
    private var helloPrefix: String { "hello-\(name.replacingOccurrences(of: " ", with: "-"))-" }

    /// Each tab's visitor id, found by the `hello-<target>-<index>` message it sent; waits until every one is stored.
    private func visitorIDs(count: Int) async throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let chats = try await consoleCall(.GET, "/chats?limit=\(count + 100)") as? [[String: Any]] ?? []
            var ids = [String?](repeating: nil, count: count)
            for chat in chats {
                let messages = (chat["chat"] as? [String: Any])?["messages"] as? [[String: Any]] ?? []
                for case let text? in messages.map({ $0["text"] as? String }) where text.hasPrefix(helloPrefix) {
                    if let index = Int(text.dropFirst(helloPrefix.count)), index < count {
                        ids[index] = chat["visitorId"] as? String
                    }
                }
            }
            let found = ids.compactMap { $0 }
            if found.count == count { return found }
            guard ContinuousClock.now < deadline else {
                let missing = ids.indices.filter { ids[$0] == nil }.prefix(10).map(String.init)
                throw BenchError("after 60 s no stored first message for tabs \(missing.joined(separator: ", "))")
            }
            progress("  visitors found: \(found.count) of \(count) (\(chats.count) chats listed)")
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}

/// Runs `body` for 0..<count with at most `width` at once; results in index order.
func concurrently<Result: Sendable>(
    _ count: Int,
    width: Int,
    _ body: @escaping @Sendable (Int) async throws -> Result
) async throws -> [Result] {
    try await withThrowingTaskGroup(of: (Int, Result).self) { group in
        var results = [Result?](repeating: nil, count: count)
        for index in 0..<count {
            if index >= width, let (done, result) = try await group.next() { results[done] = result }
            group.addTask { (index, try await body(index)) }
        }
        for try await (done, result) in group { results[done] = result }
        return results.map { $0! }
    }
}
