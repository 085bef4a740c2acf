import AsyncHTTPClient
import HTTPAPI
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// Faults a `FaultProxy` injects, and a count of those it served, so a test can wait for them.
public actor FaultPlan {
    /// What the proxy does instead of forwarding a request.
    public enum Fault: Sendable {
        /// Answers with this status and an HTML body, as a misbehaving gateway does.
        case status(Int)
        /// Never answers until the test ends: the client has to time out.
        case hang
        /// Answers 307 Temporary Redirect to `location`: a client that follows it sends the same method and body
        /// there.
        case redirect(to: String)
    }

    private var pending: [(pathPrefix: String, fault: Fault)] = []
    private var served = 0
    private var servedWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var hung: [CheckedContinuation<Void, Never>] = []
    private var isReleased = false
    private var retargeted: String?
    private var requestCounts: [String: Int] = [:]
    /// The query of every request received, by path.
    private var queries: [String: [String]] = [:]

    public init() {}

    /// Sends later requests to another service (the same address, a different server behind it).
    public func retarget(to target: String) { retargeted = target }

    /// How many requests for exactly `path` the proxy received.
    public func requests(to path: String) -> Int { requestCounts[path, default: 0] }

    /// How many requests for exactly `path` carried the query parameter `name`.
    public func requests(to path: String, carrying name: String) -> Int {
        queries[path, default: []].filter { query in
            query.split(separator: "&").contains { $0.hasPrefix("\(name)=") }
        }.count
    }

    func target(for path: String, query: String, default target: String) -> String {
        requestCounts[path, default: 0] += 1
        queries[path, default: []].append(query)
        return retargeted ?? target
    }

    /// Makes the next `times` requests whose path starts with `pathPrefix` fail with `fault`.
    public func inject(_ fault: Fault, on pathPrefix: String, times: Int = 1) {
        pending.append(contentsOf: Array(repeating: (pathPrefix, fault), count: times))
    }

    /// How many faults were served so far.
    public var servedCount: Int { served }

    /// Returns once `count` faults have been served.
    public func waitUntilServed(_ count: Int) async {
        guard served < count else { return }
        await withCheckedContinuation { servedWaiters.append((count, $0)) }
    }

    func take(for path: String) -> Fault? {
        guard let index = pending.firstIndex(where: { path.hasPrefix($0.pathPrefix) }) else { return nil }
        let fault = pending.remove(at: index).fault
        served += 1
        let ready = servedWaiters.filter { $0.count <= served }
        servedWaiters.removeAll { $0.count <= served }
        for waiter in ready { waiter.continuation.resume() }
        return fault
    }

    func hangUntilReleased() async {
        guard !isReleased else { return }
        await withCheckedContinuation { hung.append($0) }
    }

    func releaseAll() {
        isReleased = true
        for continuation in hung { continuation.resume() }
        hung = []
        for waiter in servedWaiters { waiter.continuation.resume() }
        servedWaiters = []
    }
}

/// A real HTTP proxy on a loopback port in front of the service, which fails requests as a `FaultPlan` says.
public enum FaultProxy {
    /// Runs the proxy to `target` for as long as `body` runs; `body` gets the proxy's base URL.
    public static func with<Result: Sendable>(
        target: String,
        plan: FaultPlan,
        _ body: @Sendable (String) async throws -> Result
    ) async throws -> Result {
        var logger = Logger(label: "fault-proxy")
        logger.logLevel = .warning
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let responder = CallbackResponder { (request: Request, _: BasicRequestContext) in
            try await respond(to: request, target: target, plan: plan)
        }
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "fault-proxy"),
            onServerRunning: { channel in portSink.yield(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let group = ServiceGroup(configuration: .init(services: [NamedService("fault-proxy", app)], logger: logger))
        return try await withThrowingTaskGroup(of: Result?.self) { tasks in
            tasks.addTask {
                try await group.run()
                return nil
            }
            defer { tasks.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw LiveStackError.didNotStart }
            do {
                let result = try await body("http://127.0.0.1:\(port)")
                await plan.releaseAll()
                await group.triggerGracefulShutdown()
                return result
            } catch {
                await plan.releaseAll()
                await group.triggerGracefulShutdown()
                throw error
            }
        }
    }

    private static func respond(to request: Request, target: String, plan: FaultPlan) async throws -> Response {
        switch await plan.take(for: request.uri.path) {
        case .status(let code):
            return Response(
                status: .init(code: code),
                headers: [.contentType: "text/html"],
                body: .init(byteBuffer: ByteBuffer(string: "<html><body>Bad gateway</body></html>"))
            )
        case .hang:
            await plan.hangUntilReleased()
            return Response(status: .serviceUnavailable)
        case .redirect(let location):
            return Response(status: .temporaryRedirect, headers: [.location: location])
        case nil:
            break
        }
        let base = await plan.target(for: request.uri.path, query: request.uri.query ?? "", default: target)
        var outgoing = HTTPClientRequest(url: base + request.uri.description)
        outgoing.method = .init(rawValue: request.method.rawValue)
        if let contentType = request.headers[.contentType] {
            outgoing.headers.add(name: "Content-Type", value: contentType)
        }
        outgoing.body = .bytes(try await request.body.collect(upTo: 64 << 20))
        let answer = try await HTTPClient.shared.execute(outgoing, timeout: .seconds(90))
        let body = try await answer.body.collect(upTo: 64 << 20)
        var headers = HTTPFields()
        if let contentType = answer.headers.first(name: "Content-Type") { headers[.contentType] = contentType }
        return Response(status: .init(code: Int(answer.status.code)), headers: headers, body: .init(byteBuffer: body))
    }
}
