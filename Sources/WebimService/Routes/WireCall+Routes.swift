import WebimWire

extension WireCall.Endpoint {
    /// A protocol path, the methods it answers and the endpoint it names: a fixed path, or a folder whose last part
    /// is the endpoint's value. The HTTP routes are registered from these (`ProtocolRoutes`), and
    /// `WireCall.Endpoint(method:path:)` reads a path back with the same ones, so the two cannot disagree.
    struct Route: Sendable {
        let path: String
        /// The name of the last part of the path, when it varies.
        let parameter: String?
        let methods: [WireRequest.Method]
        private let make: @Sendable (String) -> WireCall.Endpoint

        /// A fixed path.
        init(_ path: String, _ methods: WireRequest.Method..., endpoint: WireCall.Endpoint) {
            (self.path, parameter, self.methods, make) = (path, nil, methods, { _ in endpoint })
        }

        /// A folder whose last part, named `parameter`, is the endpoint's value.
        init(
            folder: String,
            parameter: String,
            _ methods: WireRequest.Method...,
            endpoint: @escaping @Sendable (String) -> WireCall.Endpoint
        ) {
            (path, self.parameter, self.methods, make) = (folder, parameter, methods, endpoint)
        }

        /// The path as Hummingbird's router takes it.
        var routerPath: String { parameter.map { "\(path){\($0)}" } ?? path }

        /// The endpoint `path` names on this route; nil when it is another route's.
        func endpoint(at requested: String) -> WireCall.Endpoint? {
            guard parameter != nil else { return requested == path ? make("") : nil }
            guard requested.hasPrefix(path), requested.count > path.count else { return nil }
            let value = requested.dropFirst(path.count)
            return value.contains("/") ? nil : make(String(value))
        }
    }

    /// Where the legacy settings scripts live.
    static let legacySettingsFolder = "/x/js/v/"

    /// Every path of the visitor protocol (PROTOCOL.md §1.4).
    static let routes: [Route] = [
        Route(WireEndpoint.initialization, .get, endpoint: .initialization),
        Route(WireEndpoint.delta, .get, endpoint: .delta),
        Route(WireEndpoint.action, .post, endpoint: .action),
        Route(WireEndpoint.history, .get, endpoint: .history),
        Route(WireEndpoint.searchMessages, .get, endpoint: .search),
        Route(WireEndpoint.upload, .post, endpoint: .upload),
        Route(WireEndpoint.fileDelete, .get, .post, endpoint: .fileDelete),
        Route(WireEndpoint.meta, .get, endpoint: .meta),
        Route(folder: WireEndpoint.configs + "/", parameter: "location", .get) { .configs(location: $0) },
        Route(folder: legacySettingsFolder, parameter: "file", .get) { .legacySettings(file: $0) },
        Route(WireEndpoint.onlineStatus, .get, endpoint: .onlineStatus),
        Route(WireEndpoint.legacyOnlineStatus, .get, endpoint: .onlineStatus),
        Route(WireEndpoint.auth, .post, endpoint: .auth),
        Route(WireEndpoint.info, .get, endpoint: .info),
        Route(folder: WireEndpoint.hints + "/", parameter: "location", .post) { .hints(location: $0) },
    ]
}
