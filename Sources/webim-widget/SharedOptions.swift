import ArgumentParser
import Foundation
import HTTPAPI
import Logging

/// The options `serve` and `service` share: where data and resources live, which names the servers answer, the
/// visitor-fields key and the log level. One definition, so the two commands cannot drift apart.
struct SharedOptions: ParsableArguments {
    @Option(help: "Where databases and files are kept (the service uses its service/ folder, the widget widget/).")
    var dataDir = ".webim-widget"

    @Option(
        help: """
            Comma-separated host names the servers answer besides loopback's and their bind addresses \
            (the name or address people type to reach them).
            """
    )
    var allowedHosts = ""

    @Option(help: "A file holding the key that signs visitor fields (default: made in the data folder).")
    var visitorFieldsKeyFile: String?

    @Option(help: "The folder holding Public/, Templates/ and Scenarios/ (found automatically by default).")
    var resources: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    @Option(help: "Log format: text (a line for a person) or json (one JSON object per line, for a log collector).")
    var logFormat: LogFormat = .text

    /// How log records are written.
    enum LogFormat: String, ExpressibleByArgument, CaseIterable {
        case text = "text"
        case json = "json"
    }

    /// A logger at `logLevel`, writing `logFormat` to standard error.
    func makeLogger(label: String) -> Logger {
        var logger =
            switch logFormat {
            case .text: Logger(label: label)
            case .json: Logger(label: label) { label in JSONLogHandler(label: label) }
            }
        logger.logLevel = logLevel
        return logger
    }

    var dataDirectory: URL { URL(fileURLWithPath: dataDir, isDirectory: true) }

    /// `allowedHosts` as a list.
    var allowedHostNames: [String] { ServeCommand.list(allowedHosts) }

    /// The folder with `Public/`, `Templates/` and `Scenarios/`.
    func resourceRoot() throws -> URL { try ResourceLocator.root(explicit: resources) }
}
