import Foundation

/// Operator → stream latency and events/s through nginx against straight to the server that holds each tab, on the
/// same cluster: tabs are opened through nginx either way (its hash spreads them over the servers), and CPU is that
/// of every process of the deployment.
enum ClusterFanout {
    static func measure(setup: ClusterSetup, samples: Int, burst: Int) async throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "webim-cluster-fanout-\(setup.seed)"
        )
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stack = try ClusterStack(
            directory: directory,
            binary: setup.binary,
            resources: setup.resources,
            http: setup.http
        )
        defer { stack.stop() }
        let console = try await stack.start(servers: setup.servers)
        var rows = [
            "| figure (\(setup.load.tabs) tabs over \(setup.servers) servers) | direct | through nginx |",
            "|---|---|---|",
        ]
        var figures: [String: FanoutFigures] = [:]
        for viaNginx in [false, true] {
            let target = WidgetTarget(
                name: viaNginx ? "through nginx" : "direct",
                http: setup.http,
                front: stack.frontURL,
                serviceURL: stack.serviceURL,
                consoleToken: console.token,
                streamBase: { tab in viaNginx ? stack.frontURL : try await stack.holder(of: tab).url },
                cpuTime: { stack.cpuTime() },
                widgetCPUTime: { stack.widgetCPUTime() }
            )
            figures[target.name] = try await FanoutRun(target: target, http: setup.http).measure(
                count: setup.load.tabs,
                samples: samples,
                burst: burst
            )
        }
        guard let direct = figures["direct"], let proxied = figures["through nginx"] else { return rows }
        func milliseconds(_ duration: Duration?) -> String {
            duration.map { String(format: "%.2f ms", $0 / .milliseconds(1)) } ?? "–"
        }
        rows += [
            "| operator → stream p50 | \(direct.latency.p50Text) | \(proxied.latency.p50Text) |",
            "| operator → stream p99 | \(direct.latency.p99Text) | \(proxied.latency.p99Text) |",
            "| operator's request answered p50 (the chat service's part) | \(direct.publishAnswered.p50Text) | "
                + "\(proxied.publishAnswered.p50Text) |",
            "| events/s delivered | \(Int(direct.eventsPerSecond)) | \(Int(proxied.eventsPerSecond)) |",
            "| CPU per delivered event, all processes | \(milliseconds(direct.cpuPerEvent)) | \(milliseconds(proxied.cpuPerEvent)) |",
            "| CPU per delivered event, the widget servers alone | \(milliseconds(direct.widgetCPUPerEvent)) | "
                + "\(milliseconds(proxied.widgetCPUPerEvent)) |",
            "| the same, one message at a time (the latency samples) | "
                + "\(milliseconds(direct.widgetCPUPerEventOneAtATime)) | \(milliseconds(proxied.widgetCPUPerEventOneAtATime)) |",
        ]
        return rows
    }
}
