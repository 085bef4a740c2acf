import CoreMetrics

/// What the server is holding now, read when `/metrics` is scraped rather than counted on every change: tabs and
/// streams open, whether it is up and not draining (`ready`: a full server is still ready, and its tabs against
/// `tabs_max` say it is full), and its data folder against the budget.
struct MetricLevels: Sendable {
    let registry: TabRegistry
    let drain: ServerDrain
    let folderBudget: DataFolderBudget
    let maxTabs: Int
    private let tabsOpen: Gauge
    private let tabsMax: Gauge
    private let streamsOpen: Gauge
    private let ready: Gauge
    private let draining: Gauge
    private let folderBytes: Gauge
    private let folderBudgetBytes: Gauge

    init(
        registry: TabRegistry,
        drain: ServerDrain,
        folderBudget: DataFolderBudget,
        maxTabs: Int,
        factory: any MetricsFactory
    ) {
        self.registry = registry
        self.drain = drain
        self.folderBudget = folderBudget
        self.maxTabs = maxTabs
        tabsOpen = Gauge(label: "webim_widget_tabs_open", factory: factory)
        tabsMax = Gauge(label: "webim_widget_tabs_max", factory: factory)
        streamsOpen = Gauge(label: "webim_widget_streams_open", factory: factory)
        ready = Gauge(label: "webim_widget_ready", factory: factory)
        draining = Gauge(label: "webim_widget_draining", factory: factory)
        folderBytes = Gauge(label: "webim_widget_data_folder_bytes", factory: factory)
        folderBudgetBytes = Gauge(label: "webim_widget_data_folder_budget_bytes", factory: factory)
    }

    /// Sets every level to what it is now.
    func record() {
        let tabs = registry.count
        let isDraining = drain.isDraining
        tabsOpen.record(tabs)
        tabsMax.record(maxTabs)
        streamsOpen.record(registry.streamCount)
        draining.record(isDraining ? 1 : 0)
        ready.record(isDraining ? 0 : 1)
        folderBytes.record(folderBudget.usedBytes)
        folderBudgetBytes.record(folderBudget.budgetBytes)
    }
}
