extension WidgetConfiguration {
    /// The server's settings on a command line that sets none: their one home, which `WidgetConfiguration`'s
    /// initialiser and `webim-widget serve`'s options (and so its `--help`) read.
    public enum Defaults {
        /// `--host`: loopback, so that nothing else on the network reaches a server started without thought.
        public static let host = "127.0.0.1"
        /// `--port`.
        public static let port = 8080
        /// `--default-location`: the embedded service's own location.
        public static let defaultLocation = "default"
        /// `--max-tabs`.
        public static let maxTabs = 10_000
        /// `--max-tabs-per-client`: a person with a few browser tabs and a family or small office behind one address
        /// stay well within it; one script cannot take the server's `maxTabs` alone.
        public static let maxTabsPerClient = 100
        /// `--tab-data-budget-mb`, in bytes.
        public static let tabDataBudget: Int64 = 1 << 30
        /// `--streams-per-tab`.
        public static let streamsPerTab = 2
        /// How many events a slow reader may fall behind before its stream is closed.
        public static let streamQueueCapacity = 1024
        /// `--tab-idle-timeout`.
        public static let tabIdleTimeout: Duration = .seconds(600)
        /// `--drain-timeout`.
        public static let drainTimeout: Duration = .seconds(10)
    }
}
