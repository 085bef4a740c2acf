extension ServiceConfiguration {
    /// The embedded service's settings on a command line that sets none: their one home, which
    /// `ServiceConfiguration`'s initialiser and the options of `webim-widget service` and `serve` read.
    public enum Defaults {
        /// `service --host`, `serve --service-host`: loopback, where only this machine's widget servers reach it.
        public static let host = "127.0.0.1"
        /// `service --port`, `serve --service-port`.
        public static let port = 8081
        /// `service --trusted-clients`: loopback's addresses, where the widget servers of this machine connect from.
        public static let trustedClients = ["127.0.0.1", "::1"]
    }
}
