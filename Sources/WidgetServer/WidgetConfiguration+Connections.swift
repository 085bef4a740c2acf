public import HTTPAPI

extension WidgetConfiguration {
    /// The most connections file downloads hold to the chat service at once (`DownloadClient`): the service's cap on
    /// this server's address must leave room for them.
    public static let downloadConnections = 512

    /// `connectionLimits` with the trusted proxies exempt from the per-client cap: every visitor behind nginx comes
    /// from its address, so a cap on it would be a cap on the whole site. Each visitor is then the proxy's to cap
    /// (`limit_conn` in deploy/nginx.conf), and `--max-tabs` with the descriptor budget bounds the sum.
    public var effectiveConnectionLimits: ConnectionLimits {
        var limits = connectionLimits
        limits.exemptClients.formUnion(trustedProxies)
        return limits
    }
}
