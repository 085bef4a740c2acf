import Foundation
import HTTPAPI
import WebimService

/// The embedded service's configuration from the command line, the same for `serve` (the service beside the widget)
/// and `service` (the service alone): one data layout, one set of secrets, one Host rule.
enum EmbeddedServiceSetup {
    /// The configuration with its secrets read from, or made in, `<dataDirectory>/service`.
    static func configuration(
        host: String,
        port: Int,
        dataDirectory: URL,
        resources root: URL,
        visitorFieldsKeyFile: String?,
        allowedHosts: [String],
        storageBudgets: StorageBudgets
    ) throws -> ServiceConfiguration {
        let keyFile = visitorFieldsKeyFile.map { URL(fileURLWithPath: $0) }
        if let keyFile { try GivenKeyFile.check(keyFile, option: "--visitor-fields-key-file") }
        return try ServiceConfiguration(
            host: host,
            port: port,
            dataDirectory: dataDirectory.appendingPathComponent("service"),
            scenariosDirectory: root.appendingPathComponent("Scenarios"),
            visitorFieldsKeyFile: keyFile,
            consoleDirectory: root.appendingPathComponent("Public/operator"),
            originPolicy: OriginPolicy(allowedHosts: allowedHosts + [host]),
            storageBudgets: storageBudgets
        ).resolvingSecrets()
    }
}
