import AsyncHTTPClient
import Foundation
package import WebimWire

/// The questions a server asks the account's service before any session exists: a location's config and online
/// status, and whether the service answers at all (PROTOCOL.md §9).
///
/// Session-less: no page id or auth token goes with them, and nothing is kept between them. They travel the way the
/// sessions' requests do, HTTP to the account's server or the embedded service's in-process transport, so that a
/// server has one client of its account. Each has a short timeout and a bounded answer: a page's request waits on
/// it, and a service that sends without end must cost neither time nor memory.
package struct WebimLocationClient: Sendable {
    /// How long a question may take, and how much of its answer is read; past either, the question has no answer.
    package struct Limits: Sendable {
        /// A page waits on a location's config or status: past this it is told the service did not answer.
        package var timeout = Duration.seconds(5)
        /// `/healthz` waits on the probe, and a balancer gives up on a slow probe of its own accord.
        package var probeTimeout = Duration.seconds(2)
        /// Webim's location configs are a few KiB; a larger answer is not a config worth holding.
        package var configBytes = 256 << 10
        /// An online status is two fields.
        package var statusBytes = 64 << 10
        /// A list of a few dozen named states is a few KiB.
        package var namedStatesBytes = 64 << 10

        /// The limits a server asks with.
        package init() {}
    }

    /// The location every Webim account has, whose config the probe asks for.
    static let defaultLocation = "default"

    private let transport: any WireTransport
    private let limits: Limits

    /// A client of the account at `accountURL` (a name or a URL, as `SessionBuilder.set(accountName:)` takes it),
    /// asking through `transport` when one is given (the sessions' in-process one), else over HTTP.
    package init(accountURL: String, transport: (any WireTransport)? = nil, limits: Limits = Limits()) {
        self.transport =
            transport
            ?? HTTPWireTransport(
                baseURL: AccountBaseURL.make(accountName: accountURL),
                client: SessionHTTPClient.shared
            )
        self.limits = limits
    }

    /// The location's config (`GET /api/visitor/v1/configs/<location>?jsonp=false`); throws `LocationQueryError`,
    /// `refused` when the service answers with the protocol's `error`.
    package func config(location: String) async throws -> LocationConfigResponse {
        let config = try await get(
            request(Self.configPath(location), query: Self.configQuery, limit: limits.configBytes),
            as: LocationConfigResponse.self
        )
        if let error = config.error { throw LocationQueryError(.refused, error) }
        return config
    }

    /// The location's online status (`GET /l/v/m/get-online-status?location=`), `unknown` when the answer names
    /// none; throws `LocationQueryError` when there is no answer.
    package func onlineStatus(location: String) async throws -> OnlineStatus {
        let answer = try await get(
            request(WireEndpoint.onlineStatus, query: [(WireParameter.location, location)], limit: limits.statusBytes),
            as: OnlineStatusResponse.self
        )
        return OnlineStatus(wireValue: answer.onlineStatus)
    }

    /// Whether the service answers: a 200 to the default location's config, which every Webim server gives, within
    /// the probe's timeout and the config's limit. The body is not read further, so a service that answers but
    /// cannot say much is still up.
    package func isAnswering() async -> Bool {
        let probe = request(Self.configPath(Self.defaultLocation), query: Self.configQuery, limit: limits.configBytes)
        return (try? await exchange(probe, timeout: limits.probeTimeout))?.status == 200
    }

    /// The embedded service's named states (`GET /fixtures/states`, its own extension of the protocol; `NamedState`),
    /// in its order; throws `LocationQueryError`. Only its HTTP routes list them, not its in-process transport.
    package func namedStates() async throws -> [NamedState] {
        try await get(
            request(NamedState.listPath, query: [], limit: limits.namedStatesBytes),
            as: NamedStatesAnswer.self
        )
        .states
    }

    /// `GET /fixtures/states`'s body.
    private struct NamedStatesAnswer: Decodable {
        var states: [NamedState]
    }

    /// The location is one path component, escaped: whatever it holds, it cannot name another path.
    private static func configPath(_ location: String) -> String {
        "\(WireEndpoint.configs)/\(WireForm.percentEncode(location))"
    }

    /// The config as JSON, not wrapped in a JSONP call (PROTOCOL.md §1.4).
    private static let configQuery = [(WireParameter.jsonp, "false")]

    private func request(_ path: String, query: [(String, String)], limit: Int) -> WireRequest {
        WireRequest(
            method: .get,
            pathAndQuery: query.isEmpty ? path : "\(path)?\(WireForm.encode(query))",
            headers: [WireClient.userAgent],
            answerLimit: limit
        )
    }

    /// The answer to `request` within the timeout, decoded; the statuses the protocol parses are answers
    /// (PROTOCOL.md §1.5), as the sessions read them.
    private func get<Answer: Decodable>(_ request: WireRequest, as: Answer.Type) async throws -> Answer {
        let reply = try await exchange(request, timeout: limits.timeout)
        guard WireClient.parsedStatuses.contains(reply.status) else {
            throw LocationQueryError(.unavailable, "HTTP \(reply.status)")
        }
        do {
            return try WireCoding.decode(Answer.self, fromJSON: reply.body)
        } catch {
            throw LocationQueryError(.undecodable, "\(error)")
        }
    }

    /// The service's reply to `request` within `timeout` and the request's limit, whatever its status.
    private func exchange(_ request: WireRequest, timeout: Duration) async throws -> WireReply {
        let reply: WireReply
        do {
            reply = try await transport.exchange(request, timeout: timeout)
        } catch is ResponseAccumulator.ResponseTooBigError {
            throw LocationQueryError(.tooLarge, "more than \(request.answerLimit ?? 0) bytes")
        } catch {
            throw LocationQueryError(.noAnswer, "\(error)")
        }
        // The in-process transport hands over the whole answer whatever its size: the limit is held here as well, so
        // that a question is refused alike over either transport.
        if let limit = request.answerLimit, reply.body.count > limit {
            throw LocationQueryError(.tooLarge, "\(reply.body.count) bytes, more than \(limit)")
        }
        return reply
    }
}
