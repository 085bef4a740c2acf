import Foundation
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
}

/// The widget server with its embedded service: one tab (core session) per stream, the operator writes through
/// the service's console API.
final class WidgetTarget: FanoutTarget, @unchecked Sendable {
    // @unchecked: `visitors` is written once in `prepare`, before any `publish`.
    let name = "widget"
    private let server: ServerUnderTest
    private let http: BenchHTTP
    private var visitors: [String] = []

    init(server: ServerUnderTest, http: BenchHTTP) {
        self.server = server
        self.http = http
    }

    func prepare(count: Int) async throws -> [String] {
        let tabs = try await concurrently(count, width: 64) { index in
            let answer = try await self.http.object(
                .POST,
                self.server.widgetURL + "/api/tabs",
                json: ["location": "manual"]
            )
            guard let tab = (answer as? [String: Any])?["tabId"] as? String else { throw BenchError("no tabId") }
            // A first visitor message opens the chat the operator then answers in; its text names the tab.
            _ = try await self.http.object(
                .POST,
                self.server.widgetURL + "/api/tabs/\(tab)/messages",
                json: ["text": "hello-\(index)", "clientId": "bench-hello-\(index)"]
            )
            return tab
        }
        visitors = try await visitorIDs(count: count)
        _ = try await concurrently(count, width: 64) { index in
            _ = try await self.consoleCall(.POST, "/visitors/\(self.visitors[index])/join", json: [:])
        }
        return tabs.map { server.widgetURL + "/api/tabs/\($0)/events" }
    }

    func publish(to index: Int, text: String) async throws {
        _ = try await consoleCall(.POST, "/visitors/\(visitors[index])/messages", json: ["text": text])
    }

    func serverCPUTime() -> Duration? { server.cpuTime() }

    /// A console API call with the server's token.
    private func consoleCall(_ method: HTTPMethod, _ path: String, json: [String: Any]? = nil) async throws -> Any {
        try await http.object(
            method,
            server.serviceURL + "/operator/api" + path,
            json: json,
            headers: [("Authorization", "Bearer \(server.consoleToken)")]
        )
    }

    /// Each tab's visitor id, found by the `hello-<index>` message it sent; waits until every one is stored.
    private func visitorIDs(count: Int) async throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let chats = try await consoleCall(.GET, "/chats?limit=\(count + 100)") as? [[String: Any]] ?? []
            var ids = [String?](repeating: nil, count: count)
            for chat in chats {
                let messages = (chat["chat"] as? [String: Any])?["messages"] as? [[String: Any]] ?? []
                for case let text? in messages.map({ $0["text"] as? String }) where text.hasPrefix("hello-") {
                    if let index = Int(text.dropFirst(6)), index < count { ids[index] = chat["visitorId"] as? String }
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
