/// The answer to `/api/visitor/meta`: endpoint discovery (PROTOCOL.md §2.1, §9).
public struct MetaResponse: Codable, Sendable, Equatable {
    /// Where one endpoint lives.
    public struct Endpoint: Codable, Sendable, Equatable {
        public var url: String?
        /// Spelled `metod` on the wire.
        public var method: String?
        public var params: [String]?

        enum CodingKeys: String, CodingKey {
            case url, params
            case method = "metod"
        }

        public init(url: String?, method: String? = "GET", params: [String]? = nil) {
            self.url = url
            self.method = method
            self.params = params
        }
    }

    /// The endpoints the client reads; missing ones fall back to the default paths.
    public struct Endpoints: Codable, Sendable, Equatable {
        public var configs: Endpoint?
        public var historyMobile: Endpoint?
        public var auth: Endpoint?
        public var info: Endpoint?

        enum CodingKeys: String, CodingKey {
            case configs, auth, info
            case historyMobile = "history_mobile"
        }

        public init(
            configs: Endpoint? = nil,
            historyMobile: Endpoint? = nil,
            auth: Endpoint? = nil,
            info: Endpoint? = nil
        ) {
            self.configs = configs
            self.historyMobile = historyMobile
            self.auth = auth
            self.info = info
        }
    }

    public var endpoints: Endpoints?

    public init(endpoints: Endpoints?) { self.endpoints = endpoints }
}
