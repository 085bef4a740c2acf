import Foundation
import NIOHTTP1
import Synchronization
import TestSupport

/// The deployment `deploy/README.md` describes, on loopback: the standalone service, widget servers that share a
/// cluster key and reach the service over HTTP (`serve --account`), and nginx in front of them with
/// `deploy/nginx.conf`. Every part is a real process of the bundle's binary, stopped by its own process id.
final class ClusterStack: Sendable {
    let directory: URL
    let http: BenchHTTP
    let service: ChildServer
    let nginx: NginxFront
    let serviceURL: String
    private let binary: URL
    private let keyFile: URL
    /// Options added to every widget server's.
    private let widgetArguments: [String]
    private let widgets = Mutex<[Widget]>([])

    /// One widget server and where it listens.
    struct Widget: Sendable {
        let server: ChildServer
        let port: Int
        var upstream: String { "127.0.0.1:\(port)" }
        var url: String { "http://\(upstream)" }
    }

    /// `resources`: the bundle's folder (or the repository), for `deploy/nginx.conf`; `widgetArguments` are added to
    /// every widget server's options.
    init(directory: URL, binary: URL, resources: URL, http: BenchHTTP, widgetArguments: [String] = []) throws {
        self.directory = directory
        self.widgetArguments = widgetArguments
        self.binary = binary
        self.http = http
        let servicePort = try FreePort.make()
        serviceURL = "http://127.0.0.1:\(servicePort)"
        service = ChildServer(
            name: "service",
            binary: binary,
            arguments: [
                "service", "--port", String(servicePort), "--data-dir",
                directory.appendingPathComponent("service-data").path, "--log-level", "warning",
            ],
            readyURL: serviceURL + "/operator",
            logDirectory: directory
        )
        keyFile = directory.appendingPathComponent("cluster.key")
        let key = (0..<32).map { _ in UInt8.random(in: .min ... .max) }
        guard
            FileManager.default.createFile(
                atPath: keyFile.path,
                contents: Data(key),
                attributes: [.posixPermissions: 0o600]
            )
        else { throw BenchError("could not write \(keyFile.path)") }
        nginx = try NginxFront(
            directory: directory,
            siteTemplate: resources.appendingPathComponent("deploy/nginx.conf")
        )
    }

    var servers: [Widget] { widgets.withLock { $0 } }
    var frontURL: String { nginx.url }

    /// Starts the service, `count` widget servers and nginx; returns the console, signed in.
    func start(servers count: Int) async throws -> ConsoleDriver {
        try await service.start(http: http)
        for _ in 0..<count { _ = try await addServer() }
        try await nginx.start(upstreams: servers.map(\.upstream), http: http)
        let token = try ConsoleDriver.token(serviceDataDirectory: directory.appendingPathComponent("service-data"))
        return ConsoleDriver(serviceURL: serviceURL, token: token, http: http)
    }

    /// Starts one more widget server (nginx learns of it with `nginx.reload`).
    func addServer() async throws -> Widget {
        let port = try FreePort.make()
        let index = servers.count
        let widget = Widget(
            server: ChildServer(
                name: "widget\(index)",
                binary: binary,
                arguments: [
                    "serve", "--account", serviceURL, "--port", String(port), "--data-dir",
                    directory.appendingPathComponent("widget\(index)-data").path, "--cluster-key-file", keyFile.path,
                    "--public-origin", nginx.publicOrigin, "--log-level", "warning", "--no-rate-limits",
                    "--max-tabs", "1000000", "--max-connections-per-client", "0", "--streams-per-tab", "1",
                ] + widgetArguments,
                readyURL: "http://127.0.0.1:\(port)/healthz",
                logDirectory: directory
            ),
            port: port
        )
        try await widget.server.start(http: http)
        widgets.withLock { $0.append(widget) }
        return widget
    }

    /// How many tabs each server holds open now, by its `/healthz`.
    func openTabs() async -> [Int] {
        var counts: [Int] = []
        for widget in servers {
            let answer = try? await http.send(.GET, widget.url + "/healthz")
            let object = answer.flatMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
            counts.append(object?["tabs"] as? Int ?? 0)
        }
        return counts
    }

    /// The CPU time every process of the deployment has used so far: the service, the widget servers, nginx's.
    func cpuTime() -> Duration {
        let serviceCPU = service.pid.flatMap(ProcessCPU.time(of:)) ?? .zero
        return widgetCPUTime() + serviceCPU + (nginx.pid.flatMap(ProcessCPU.timeWithChildren(of:)) ?? .zero)
    }

    /// The CPU time the widget servers alone have used so far.
    func widgetCPUTime() -> Duration {
        servers.compactMap { $0.server.pid.flatMap(ProcessCPU.time(of:)) }.reduce(.zero, +)
    }

    /// The server that holds `tab` now, by asking each.
    func holder(of tab: String) async throws -> Widget {
        for widget in servers {
            if let (status, _) = try? await http.send(.GET, widget.url + "/api/tabs/\(tab)/limits"), status == 200 {
                return widget
            }
        }
        throw BenchError("no server holds tab \(tab)")
    }

    /// Stops everything gracefully, nginx first.
    func stop() {
        nginx.stop()
        for widget in servers { widget.server.stop() }
        service.stop()
    }
}
