import Foundation
import WebimWire

/// Requests that only read: search and configs. They do not wait in the action queue.
enum ReadRequests {
    /// `searchStreamMessagesBy(query:completionHandler:)`.
    static func search(
        query: String,
        in session: isolated SessionCore,
        completion: @escaping @Sendable (isolated SessionCore, [MessageImpl]?) -> Void
    ) {
        let request = [(WireParameter.query, query)] + session.identity.authorization
        session.spawn { core in
            let answer = try? await core.wire.get(
                WireEndpoint.searchMessages,
                query: request,
                timeout: core.settings.requestTimeout,
                as: SearchResponse.self
            )
            guard !core.isDestroyed else { return }
            let context = core.messageContext
            completion(core, answer?.data.map { $0.items.compactMap { MessageImpl(item: $0, context: context) } })
        }
    }

    /// `getRawConfig(forLocation:)` and `getServerSideSettings`: the location config (PROTOCOL.md §9).
    static func fetchConfig(
        location: String,
        in session: isolated SessionCore,
        completion: @escaping @Sendable (isolated SessionCore, JSONValue?) -> Void
    ) {
        let path = "\(WireEndpoint.configs)/\(location)"
        let query = [(WireParameter.jsonp, "false")] + session.identity.authorization
        session.spawn { core in
            let answer = try? await core.wire.get(
                path,
                query: query,
                timeout: core.settings.requestTimeout,
                as: JSONValue.self
            )
            guard !core.isDestroyed else { return }
            completion(core, answer.flatMap { $0["error"] == nil ? $0 : nil })
        }
    }

    /// `getServerSideSettings`: also the limits later uploads are checked against (PROTOCOL.md §7.1).
    static func fetchServerSideSettings(
        in session: isolated SessionCore,
        completion: @escaping @Sendable (isolated SessionCore, WebimServerSideSettings?) -> Void
    ) {
        fetchConfig(location: session.identity.location, in: session) { core, json in
            guard let json, let config = try? WireCoding.decode(LocationConfigResponse.self, from: json) else {
                completion(core, nil)
                return
            }
            let accountConfig = json["accountConfig"] ?? .object([:])
            let settings = WebimServerSideSettings(
                maxVisitorUploadFileSizeMB: config.maxVisitorUploadFileSizeMegabytes,
                allowedUploadFileTypes: config.allowedUploadFileTypes ?? [],
                visitorUploadFile: config.isVisitorUploadFileAllowed,
                visitorMessageEditing: config.isVisitorMessageEditingAllowed,
                webAndMobileQuoting: config.isQuotingAllowed,
                rateOperator: config.isOperatorRatingAllowed,
                accountConfigJSON: (try? WireCoding.makeEncoder().encode(accountConfig))
                    .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            )
            core.state.serverSideSettings = settings
            completion(core, settings)
        }
    }
}
