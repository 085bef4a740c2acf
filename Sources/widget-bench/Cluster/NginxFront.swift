import Foundation
import NIOHTTP1
import Synchronization
import TestSupport

/// Debian's nginx in front of the widget servers, run unprivileged from the run's folder with the site
/// `deploy/nginx.conf` ships: only the places its comments mark EDIT are filled in (servers, port, name, log), so
/// the routing measured is the routing deployed.
final class NginxFront: Sendable {
    let port: Int
    let url: String
    private let prefix: URL
    private let template: String
    private let running = Mutex<Process?>(nil)

    init(directory: URL, siteTemplate: URL) throws {
        prefix = directory.appendingPathComponent("nginx")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        template = try String(contentsOf: siteTemplate, encoding: .utf8)
        port = try FreePort.make()
        url = "http://127.0.0.1:\(port)"
    }

    /// The origin pages use, as the widget servers are told (`--public-origin`): nginx passes the name on.
    var publicOrigin: String { url }

    /// Starts nginx with `upstreams` (`127.0.0.1:PORT` each); returns once it answers.
    func start(upstreams: [String], http: BenchHTTP) async throws {
        try writeConfiguration(upstreams: upstreams)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        process.arguments = ["-p", prefix.path, "-c", prefix.appendingPathComponent("nginx.conf").path]
        let log = prefix.appendingPathComponent("stderr.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        (process.standardOutput, process.standardError) = (handle, handle)
        try process.run()
        running.withLock { $0 = process }
        let deadline = ContinuousClock.now + .seconds(30)
        while (try? await http.send(.GET, url + "/healthz")) == nil {
            guard process.isRunning else { throw BenchError("nginx exited while starting; see \(prefix.path)") }
            guard ContinuousClock.now < deadline else { throw BenchError("nginx did not start; see \(prefix.path)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Rewrites the servers and has nginx load them (SIGHUP): new workers take new connections, old ones finish
    /// theirs (a stream open through an old worker stays on its server until it closes).
    func reload(upstreams: [String]) throws {
        try writeConfiguration(upstreams: upstreams)
        guard let process = running.withLock({ $0 }), process.isRunning else {
            throw BenchError("nginx is not running")
        }
        kill(process.processIdentifier, SIGHUP)
    }

    /// The master's process id, while it runs (its workers are its children).
    var pid: Int32? { running.withLock { process in process.flatMap { $0.isRunning ? $0.processIdentifier : nil } } }

    /// Stops nginx at once (SIGTERM), and waits for it.
    func stop() {
        guard let process = running.withLock({ $0 }), process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// How many requests nginx sent to each upstream (`127.0.0.1:PORT` → count), from its access log.
    func requestsByUpstream() -> [String: Int] {
        let log = (try? String(contentsOf: accessLog, encoding: .utf8)) ?? ""
        var counts: [String: Int] = [:]
        for line in log.split(separator: "\n") {
            guard let range = line.range(of: "upstream=") else { continue }
            let upstream = line[range.upperBound...].split(separator: " ").first.map(String.init) ?? ""
            counts[upstream, default: 0] += 1
        }
        return counts
    }

    private var accessLog: URL { prefix.appendingPathComponent("access.log") }

    private func writeConfiguration(upstreams: [String]) throws {
        let site = try Self.site(
            template: template,
            port: port,
            upstreams: upstreams,
            accessLog: accessLog.path,
            errorLog: prefix.appendingPathComponent("webim-widget.error.log").path
        )
        let sitePath = prefix.appendingPathComponent("site.conf")
        try site.write(to: sitePath, atomically: true, encoding: .utf8)
        // As root, nginx's workers would switch to `nobody`, who cannot enter the run's private folder.
        let user = geteuid() == 0 ? "user root root;\n" : ""
        let temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map {
            "    \($0)_temp_path \(prefix.appendingPathComponent($0).path);\n"
        }.joined()
        let main = """
            \(user)daemon off;
            worker_processes 1;
            worker_rlimit_nofile 20000;
            pid \(prefix.appendingPathComponent("nginx.pid").path);
            error_log \(prefix.appendingPathComponent("error.log").path) warn;
            events { worker_connections 8192; }
            http {
            \(temporary)    include \(sitePath.path);
            }

            """
        try main.write(to: prefix.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
    }

    /// `deploy/nginx.conf` with the places marked EDIT filled in; a template that no longer has them is an error,
    /// so that a changed file fails here instead of measuring something else.
    static func site(
        template: String,
        port: Int,
        upstreams: [String],
        accessLog: String,
        errorLog: String
    ) throws -> String {
        var lines = template.components(separatedBy: "\n")
        let serverLines = lines.indices.filter {
            lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("server 127.0.0.1:")
        }
        guard let first = serverLines.first,
            let options = lines[first].split(separator: " ", maxSplits: 2).dropFirst(2).first
        else { throw BenchError("deploy/nginx.conf lists no `server 127.0.0.1:PORT …;` line") }
        for index in serverLines.reversed() { lines.remove(at: index) }
        lines.insert(contentsOf: upstreams.map { "    server \($0) \(options)" }, at: first)
        var site = lines.joined(separator: "\n")
        for (pattern, replacement) in [
            ("listen 80;", "listen 127.0.0.1:\(port);"),
            ("listen [::]:80;", ""),
            ("server_name chat.example.com;", "server_name 127.0.0.1;"),
            ("access_log /var/log/nginx/webim-widget.access.log", "access_log \(accessLog)"),
            ("error_log /var/log/nginx/webim-widget/error.log", "error_log \(errorLog)"),
            // Every tab of the bench comes from 127.0.0.1, standing for as many visitors: as the widget servers are
            // run with `--max-connections-per-client 0`, nginx caps no address (at 64, a run of more tabs than that
            // waited on 429s for ever).
            ("limit_conn webim_visitors 64;", ""),
        ] {
            guard site.contains(pattern) else { throw BenchError("deploy/nginx.conf has no `\(pattern)`") }
            site = site.replacingOccurrences(of: pattern, with: replacement)
        }
        return site
    }
}
