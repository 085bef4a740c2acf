import Hummingbird
import Logging
import WebimWire

/// The visitor protocol's HTTP endpoints (PROTOCOL.md §1.4), mapped onto `ChatEngine`.
struct ProtocolRoutes {
    let engine: ChatEngine
    /// Bodies larger than this are refused; actions are small forms.
    let maximumFormSize = 1 << 20

    func add(to router: Router<BasicRequestContext>) {
        router.get(RouterPath(WireEndpoint.initialization)) { request, _ in
            try JSONResponse.make(try await engine.initialize(Self.query(of: request)))
        }
        router.get(RouterPath(WireEndpoint.delta)) { request, _ in
            let query = Self.query(of: request)
            let answer =
                query[WireParameter.event] == "init"
                ? try await engine.initialize(query) : try await engine.delta(query)
            return try JSONResponse.make(answer)
        }
        router.post(RouterPath(WireEndpoint.action)) { request, _ in
            var fields = Self.query(of: request)
            let body = try await request.body.collect(upTo: maximumFormSize)
            fields.merge(WireForm.decode(String(buffer: body))) { _, fromBody in fromBody }
            return try JSONResponse.make(try await engine.perform(fields))
        }
        router.get(RouterPath(WireEndpoint.configs + "/{location}")) { _, _ in
            try JSONResponse.make(LocationConfig.standard)
        }
    }

    /// The query as the protocol encodes it: percent-escapes and `+` for space (PROTOCOL.md §1.2).
    private static func query(of request: Request) -> [String: String] {
        WireForm.decode(request.uri.query ?? "")
    }
}

/// The location configuration (PROTOCOL.md §9): what the client reads of it.
struct LocationConfig: Encodable {
    var accountConfig: [String: JSONValue]
    var locationSettings: [String: JSONValue]

    static let standard = LocationConfig(
        accountConfig: [
            "visitor_upload_file": .bool(true),
            "max_visitor_upload_file_size": .int(10),
            "visitor_message_editing": .bool(true),
            "web_and_mobile_quoting": .bool(true),
        ],
        locationSettings: [:]
    )
}
