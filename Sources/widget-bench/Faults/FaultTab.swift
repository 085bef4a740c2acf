import AsyncHTTPClient
import Foundation
import HTTPAPI
import NIOCore
import NIOHTTP1
import TestSupport

/// One browser tab as the page behaves, over the public contract only: it proposes its tab's id and opens it
/// (`POST /api/tabs/{tab}`, with the visitor credential its stream last sent), reads its event stream (resuming
/// with `Last-Event-ID`, or opening the tab again where it is not open, as `session.js` does), and sends messages
/// one at a time, each retried with its `clientId` until the server answers 2xx; what a server took but nobody
/// confirmed is sent again, in order, once the tab was opened again. A page may also leave (the browser closed: no
/// stream, no `DELETE`) and come back later with its tab id and credential, from its cursor or from a snapshot.
actor FaultTab {
    /// What a send ended with.
    struct SendOutcome: Sendable {
        /// The 2xx came.
        var accepted: Bool
        /// 503 `storage_unavailable` answers on the way.
        var refusals: Int
        /// Attempts that got no answer at all (the server was down or died mid-request).
        var unanswered: Int
        /// The last refusal's status and error code, for a send that never got its 2xx.
        var lastRefusal = ""
    }

    /// How a server answered `POST /api/tabs/{tab}`.
    struct Opened: Sendable {
        /// 200: the tab was open there; 201: opened, `resumed` when it continued the visitor.
        var status: UInt
        var resumed: Bool
    }

    let index: Int
    let location: String
    private let http: BenchHTTP
    /// Where the page's requests go: nginx, or one server (a page that comes back may come back elsewhere).
    private(set) var baseURL: String
    private(set) var tabID = RandomToken.make(byteCount: 16)
    /// The newest sealed visitor credential the stream sent (`tab.credential`, or a snapshot's).
    private var credential: String?
    /// Messages a server answered 2xx that no `result` or sent copy has confirmed yet, in the order sent.
    private var unconfirmed: [(text: String, clientID: String)] = []
    /// The tab was opened again since they were taken: send them again before anything new.
    private var mustResend = false
    /// Times a server refused the tab's credential and the tab began again as a new visitor.
    private(set) var lostTabs = 0
    private(set) var ledger = StreamLedger()
    /// Texts answered 2xx, in the order they were sent.
    private(set) var accepted: [String] = []
    /// Texts answered 2xx that were sent beside the others, so in no defined order with them.
    private(set) var acceptedUnordered: [String] = []
    private var reader: Task<Void, Never>?
    /// The next connection resumes with `?after=` instead of `Last-Event-ID`, as a reloaded page does.
    private var resumesByQuery = false
    private var liveWaiters: [CheckedContinuation<Void, Never>] = []
    /// Snapshots seen: the stream is live again after each.
    private(set) var liveCount = 0
    private var onLive: (@Sendable (Int) -> Void)?

    init(index: Int, location: String, http: BenchHTTP, baseURL: String) {
        self.index = index
        self.location = location
        self.http = http
        self.baseURL = baseURL
    }

    /// `POST /api/tabs/{tab}`, retried until a server answers; a refused credential starts a new tab. Returns the
    /// answer's status and its `resumed`.
    @discardableResult
    func open() async throws -> Opened {
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            var body: [String: Any] = ["location": location]
            if let credential { body["credential"] = credential }
            if let (status, data) = try? await http.send(.POST, baseURL + "/api/tabs/\(tabID)", json: body) {
                if (200..<300).contains(status) {
                    mustResend = !unconfirmed.isEmpty
                    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
                    return Opened(status: status, resumed: object?["resumed"] as? Bool ?? false)
                }
                if status == 403 {
                    lostTabs += 1
                    (tabID, credential) = (RandomToken.make(byteCount: 16), nil)
                    ledger.restartFromSnapshot()
                    continue
                }
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw BenchError("tab \(index) could not be opened")
    }

    /// Reads the stream until `stopReading`; `onLive` hears each time it is live again (its snapshot count).
    func startReading(onLive: (@Sendable (Int) -> Void)? = nil) {
        self.onLive = onLive
        reader = Task { await self.readForever() }
    }

    func stopReading() {
        reader?.cancel()
        reader = nil
    }

    /// The page leaves (the browser is closed): its stream is closed, and nothing more is sent and no `DELETE`; the
    /// tab is left to the server's reaper. Returns once the reader has stopped, so that nothing read after this
    /// counts as seen while the page was there.
    func leave() async {
        guard let leaving = reader else { return }
        leaving.cancel()
        reader = nil
        await leaving.value
    }

    /// The page comes back with the same tab id and its last credential, at `baseURL` (the same server, or another
    /// of the deployment): it opens the tab, then reads its stream from its last event id (`withCursor`, a page
    /// reloaded) or from a snapshot (a new browser tab, which has only the tab id and credential from
    /// localStorage). Returns how the open was answered.
    func comeBack(withCursor: Bool, at baseURL: String? = nil) async throws -> Opened {
        if let baseURL { self.baseURL = baseURL }
        if withCursor { resumesByQuery = ledger.lastEventID != nil } else { ledger.beginInNewBrowserTab() }
        let opened = try await open()
        startReading(onLive: onLive)
        return opened
    }

    /// From now on, `onLive` hears each time the stream is live again (its snapshot count).
    func startWatchingLive(_ onLive: @escaping @Sendable (Int) -> Void) { self.onLive = onLive }

    /// Returns once the stream has been live `count` times.
    func waitUntilLive(times count: Int = 1) async {
        while liveCount < count { await withCheckedContinuation { liveWaiters.append($0) } }
    }

    private func readForever() async {
        var failedResumes = 0
        while !Task.isCancelled {
            let events = baseURL + "/api/tabs/\(tabID)/events"
            var request = HTTPClientRequest(url: events)
            if let cursor = ledger.lastEventID {
                if resumesByQuery {
                    request = HTTPClientRequest(url: events + "?after=\(cursor)")
                } else {
                    request.headers.add(name: "Last-Event-ID", value: String(cursor))
                }
            }
            resumesByQuery = false
            do {
                let response = try await http.client.execute(request, timeout: .hours(4))
                if response.status == .noContent || response.status == .notFound {
                    // The tab is not open there (the server restarted): open it again, and start from a snapshot.
                    failedResumes += 1
                    ledger.restartFromSnapshot()
                    _ = try? await open()
                    continue
                }
                if response.status == .ok {
                    failedResumes = 0
                    var parser = SSEParser()
                    for try await chunk in response.body {
                        for event in parser.feed(Array(buffer: chunk)) {
                            notice(event)
                            if ledger.record(event) { becameLive() }
                        }
                    }
                }
            } catch {}
            // EventSource's `retry:` pause before reconnecting.
            try? await Task.sleep(for: .milliseconds(failedResumes > 3 ? 500 : 100))
        }
    }

    /// Keeps the newest credential, and forgets the messages an event confirms.
    private func notice(_ event: SSEReader.Event) {
        let json = event.json
        if event.name == "tab.credential" || event.name == "snapshot", let sealed = json["credential"] as? String {
            credential = sealed
        }
        var confirmed: Set<String> = []
        if event.name == "result", json["ok"] as? Bool == true, let clientID = json["clientId"] as? String {
            confirmed.insert(clientID)
        }
        let messages =
            (json["messages"] as? [[String: Any]] ?? []) + [json["message"] as? [String: Any]].compactMap { $0 }
        for message in messages where message["sendStatus"] as? String == "sent" {
            if let clientID = message["clientId"] as? String { confirmed.insert(clientID) }
            // A server that continued the tab read it from the service's history, without its clientId.
            if let text = message["text"] as? String, let match = unconfirmed.first(where: { $0.text == text }) {
                confirmed.insert(match.clientID)
            }
        }
        if !confirmed.isEmpty { unconfirmed.removeAll { confirmed.contains($0.clientID) } }
    }

    /// Sends again, in order, what a server took but nobody confirmed, once the tab was opened again (the server that
    /// took them may be gone with its outbox); the service keeps one of each.
    func resendUnconfirmed(until deadline: ContinuousClock.Instant) async {
        while mustResend, ContinuousClock.now < deadline {
            mustResend = false
            for message in unconfirmed {
                _ = await post(message.text, clientID: message.clientID, until: deadline)
                if mustResend { break }
            }
        }
    }

    private func becameLive() {
        liveCount += 1
        onLive?(liveCount)
        for waiter in liveWaiters { waiter.resume() }
        liveWaiters = []
    }

    /// Sends `text` with one `clientId`, again and again until a 2xx or `deadline`, as a page whose request got no
    /// answer does; a tab the server does not know (it restarted) is opened again first.
    func send(
        _ text: String,
        clientID: String,
        until deadline: ContinuousClock.Instant,
        ordered: Bool = true
    ) async -> SendOutcome {
        var outcome = SendOutcome(accepted: false, refusals: 0, unanswered: 0)
        repeat {
            await resendUnconfirmed(until: deadline)
            let attempt = await post(text, clientID: clientID, until: deadline)
            outcome.accepted = attempt.accepted
            outcome.refusals += attempt.refusals
            outcome.unanswered += attempt.unanswered
            outcome.lastRefusal = attempt.lastRefusal
        } while !outcome.accepted && mustResend && ContinuousClock.now < deadline
        if outcome.accepted {
            if ordered { accepted.append(text) } else { acceptedUnordered.append(text) }
            unconfirmed.append((text, clientID))
        }
        return outcome
    }

    /// One message, posted again and again until a 2xx, a refusal of the request itself, or `deadline`.
    private func post(_ text: String, clientID: String, until deadline: ContinuousClock.Instant) async -> SendOutcome {
        var outcome = SendOutcome(accepted: false, refusals: 0, unanswered: 0)
        while ContinuousClock.now < deadline {
            let body: [String: Any] = ["text": text, "clientId": clientID]
            guard let (status, data) = try? await http.send(.POST, baseURL + "/api/tabs/\(tabID)/messages", json: body)
            else {
                outcome.unanswered += 1
                try? await Task.sleep(for: .milliseconds(100))
                continue
            }
            if (200..<300).contains(status) {
                outcome.accepted = true
                return outcome
            }
            let code = Self.errorCode(data)
            outcome.lastRefusal = "HTTP \(status) \(code ?? "")"
            if status == 400 || status == 413 || status == 415 {
                return outcome  // The request itself is wrong: sending it again cannot help.
            } else if (status == 404 && code == "unknown_tab") || (status == 503 && code == "draining") {
                _ = try? await open()
                // What a server took before must go first: the caller sends it again, then this.
                if mustResend { return outcome }
            } else if status == 503, code == "storage_unavailable" {
                outcome.refusals += 1
                try? await Task.sleep(for: .milliseconds(100))
            } else {
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        return outcome
    }

    /// `DELETE /api/tabs/{tab}`: the page closes its tab for good (not a kiosk reset); true when answered 2xx.
    func close() async -> Bool {
        guard let (status, _) = try? await http.send(.DELETE, baseURL + "/api/tabs/\(tabID)") else { return false }
        return (200..<300).contains(status)
    }

    private static func errorCode(_ data: Data) -> String? {
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (object?["error"] as? [String: Any])?["code"] as? String
    }
}
