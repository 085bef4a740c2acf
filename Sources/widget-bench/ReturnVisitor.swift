import AsyncHTTPClient
import Foundation
import HTTPAPI
import NIOCore
import NIOHTTP1
import TestSupport

/// One visitor of `ReturningBenchmark`, as a page: the first visit (a tab, one message, the credential its stream
/// sends, then the browser closed), and the return with the tab id and credential from localStorage and no cursor.
struct ReturnVisitor: Sendable {
    let tabID: String
    let credential: String
    /// The visitor's message of the first visit: the returning page shows the conversation once it holds it.
    let text: String

    /// How one return went.
    struct Sample: Sendable {
        /// The answer to `POST /api/tabs/{tab}` (0: none), and its `resumed`.
        var status: UInt = 0
        var resumed = false
        /// From the `POST` to the stream's snapshot.
        var snapshot: Duration?
        /// From the `POST` to the first visit's message shown (in the snapshot, or added after it).
        var shown: Duration?
    }

    /// A tab at the `manual` location (no bot, so nothing else runs on the server while it is measured) with one
    /// message; returns once the message is sent and the stream has sent a credential, and closes the stream.
    static func firstVisit(index: Int, baseURL: String, http: BenchHTTP) async throws -> ReturnVisitor {
        let tabID = RandomToken.make(byteCount: 16)
        let text = "Hello \(index)"
        _ = try await http.object(.POST, baseURL + "/api/tabs/\(tabID)", json: ["location": "manual"])
        _ = try await http.object(
            .POST,
            baseURL + "/api/tabs/\(tabID)/messages",
            json: ["text": text, "clientId": "returning-\(index)"]
        )
        let response = try await http.client.execute(
            HTTPClientRequest(url: baseURL + "/api/tabs/\(tabID)/events"),
            timeout: .seconds(30)
        )
        var parser = SSEParser()
        var credential: String?
        var isSent = false
        // Leaving the loop drops the body: the client closes the connection, as a closed browser does.
        for try await chunk in response.body {
            for event in parser.feed(Array(buffer: chunk)) {
                let json = event.json
                if let sealed = json["credential"] as? String { credential = sealed }
                let messages =
                    (json["messages"] as? [[String: Any]] ?? [])
                    + [json["message"] as? [String: Any]]
                    .compactMap { $0 }
                isSent =
                    isSent
                    || messages.contains { $0["text"] as? String == text && $0["sendStatus"] as? String == "sent" }
            }
            if let credential, isSent { return ReturnVisitor(tabID: tabID, credential: credential, text: text) }
        }
        throw BenchError("tab \(index): the stream ended before its message was sent and its credential came")
    }

    /// The return: `POST /api/tabs/{tab}` with the credential, then the stream with no cursor (a new browser tab);
    /// `report` hears the sample once the conversation is shown (or the attempt failed), and the stream stays open,
    /// as the page's does, until the task is cancelled.
    func comeBack(to baseURL: String, http: BenchHTTP, report: @Sendable (Sample) -> Void) async {
        var sample = Sample()
        var isReported = false
        defer { if !isReported { report(sample) } }
        let started = ContinuousClock.now
        guard
            let (status, body) = try? await http.send(
                .POST,
                baseURL + "/api/tabs/\(tabID)",
                json: ["location": "manual", "credential": credential]
            ), (200..<300).contains(status)
        else { return }
        sample.status = status
        sample.resumed = (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["resumed"] as? Bool ?? false
        let request = HTTPClientRequest(url: baseURL + "/api/tabs/\(tabID)/events")
        guard let response = try? await http.client.execute(request, timeout: .hours(1)), response.status == .ok else {
            return
        }
        var parser = SSEParser()
        do {
            for try await chunk in response.body {
                for event in parser.feed(Array(buffer: chunk)) where !isReported {
                    let json = event.json
                    if event.name == "snapshot", sample.snapshot == nil { sample.snapshot = .now - started }
                    let messages =
                        (json["messages"] as? [[String: Any]] ?? [])
                        + [json["message"] as? [String: Any]]
                        .compactMap { $0 }
                    if sample.snapshot != nil, messages.contains(where: { $0["text"] as? String == text }) {
                        sample.shown = .now - started
                        report(sample)
                        isReported = true
                    }
                }
            }
        } catch {}
    }
}
