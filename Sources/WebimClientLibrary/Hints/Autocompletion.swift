import Foundation
import Synchronization
import WebimWire

/// `MessageStream.autocomplete(text:)`: the visitor's text posted as JSON to the account's hints service, the location
/// config's `visitor_hints_api_endpoint`, and the suggestions read back (PROTOCOL.md §9).
///
/// Beside the session core, not in it: it borrows the core's transport and keeps only the endpoint, read once per
/// location as the SDK keeps the account config. An endpoint is an http(s) URL, or a path on the account's server
/// (the embedded service names its own hints service so, not knowing the address its clients reach it by). A URL of
/// another host is asked only when its address is public, unless the session allows private ones
/// (`HintsDestination`, `PrivateAddresses`).
final class Autocompletion: Sendable {
    /// The most characters of the visitor's text sent: a question, not a document.
    static let maximumTextLength = 1_000
    /// The most bytes of answer read: the service is the account's, but the widget must not hold whatever it sends.
    static let answerLimit = 64 << 10
    /// The most suggestions kept, and characters kept of each: a list under a composer, not a page.
    static let maximumSuggestions = 10
    static let maximumSuggestionLength = 500
    /// Longer than this and the suggestion no longer answers what the visitor is typing.
    static let timeout: Duration = .seconds(5)

    /// The endpoint per location once its config was read; a `nil` value: the config names none.
    private let endpoints = Mutex<[String: String?]>([:])

    /// The suggestions for `text`, or why there are none; nil when the session ended meanwhile.
    func suggestions(for text: String, core: isolated SessionCore) async -> Result<[String], AutocompleteError>? {
        let location = core.identity.location
        let endpoint: String?
        if let known = endpoints.withLock({ $0[location] }) {
            endpoint = known
        } else {
            let config = try? await core.wire.get(
                "\(WireEndpoint.configs)/\(location)",
                query: [(WireParameter.jsonp, "false")],
                timeout: core.settings.requestTimeout,
                as: LocationConfigResponse.self
            )
            guard !core.isDestroyed else { return nil }
            guard let config, config.error == nil else { return .failure(.unknown) }
            endpoint = config.visitorHintsAPIEndpoint
            endpoints.withLock { $0[location] = .some(endpoint) }
        }
        guard let destination = HintsDestination(endpoint: endpoint, baseURL: core.settings.baseURL) else {
            return .failure(.hintApiInvalid)
        }
        if case .otherHost(_, let host) = destination, !core.settings.allowsPrivateHintsHosts {
            let verdict = await PrivateAddresses.verdict(forHost: host)
            guard !core.isDestroyed else { return nil }
            switch verdict {
            case .publicAddress:
                break
            case .privateAddress:
                core.log(.warning, .networkRequest, "hints not asked: \(host) is this machine's or a private address")
                return .failure(.hintApiInvalid)
            case .unresolved:
                return .failure(.unknown)
            }
        }
        let request = Self.request(text, to: destination.target)
        let reply = try? await core.wire.transport.exchange(request, timeout: Self.timeout)
        guard !core.isDestroyed else { return nil }
        core.log(.verbose, .networkRequest, "POST hints → \(reply.map { String($0.status) } ?? "no answer")")
        guard let reply else { return .failure(.unknown) }
        return Self.suggestions(in: reply).map { .success($0) } ?? .failure(.hintApiInvalid)
    }

    /// `POST {"text": …}` as JSON (iOS writes malformed JSON here; PROTOCOL.md §9).
    static func request(_ text: String, to target: String) -> WireRequest {
        let body = (try? JSONEncoder().encode(HintsRequest(text: String(text.prefix(maximumTextLength))))) ?? Data()
        return WireRequest(
            method: .post,
            pathAndQuery: target,
            headers: [("Content-Type", "application/json"), ("Accept", "application/json")],
            body: body,
            answerLimit: answerLimit
        )
    }

    /// The texts of `{"suggestions":[{"text":…}]}`, as the SDK reads them: a suggestion without a text is skipped.
    /// Nil for any other answer: another status, a longer body, not that JSON.
    static func suggestions(in reply: WireReply) -> [String]? {
        guard reply.status == 200, reply.body.count <= answerLimit,
            let answer = try? JSONValue(parsing: reply.body),
            let suggestions = answer["suggestions"]?.arrayValue
        else { return nil }
        let texts = suggestions.compactMap { $0["text"]?.stringValue }.filter { !$0.isEmpty }
        return texts.prefix(maximumSuggestions).map { String($0.prefix(maximumSuggestionLength)) }
    }
}
