import ArgumentParser
import AsyncHTTPClient
import Foundation
import HTTPAPI
import NIOCore
import TestSupport
import Testing
import WebimService
import WidgetServer

@testable import webim_widget

/// Three views of `webim-widget serve`'s options say the same: its `--help`, the widget options it serves
/// (`GET /api/widget-options`), and the configuration the server runs with (`ServeCommand.makeConfiguration()`).
/// An option renamed in one place only, or a default kept in two that drift apart, fails here.
@Suite struct ServeOptionsTests {
    /// The configuration `webim-widget serve <arguments>` runs with.
    static func configuration(_ arguments: [String]) throws -> WidgetConfiguration {
        let command = try WebimWidgetCommand.parseAsRoot(["serve"] + arguments)
        return try #require(command as? ServeCommand).makeConfiguration()
    }

    @Test func everyOptionInTheHelpSetsTheConfigurationOrSaysWhatElse() {
        let help = ServeHelp()
        let configured = Set(ServeOption.all.map(\.name))
        let elsewhere = Set(ServeOption.elsewhere.keys)
        #expect(configured.isDisjoint(with: elsewhere))
        #expect(help.names.subtracting(configured).subtracting(elsewhere).isEmpty, "set nowhere the test knows")
        #expect(configured.subtracting(help.names).isEmpty, "not in serve --help")
        #expect(elsewhere.subtracting(help.names).isEmpty, "not in serve --help")
        // The reader of the help finds the defaults it prints, or the check of each against the configuration's
        // would find nothing to check.
        #expect(help.defaults["--max-tabs"] == "\(WidgetConfiguration.Defaults.maxTabs)")
    }

    @Test(arguments: ServeOption.all)
    func anOptionGivenSetsItsFieldOfTheConfiguration(_ option: ServeOption) throws {
        let configuration = try Self.configuration([option.name] + option.given)
        #expect(option.shown(configuration) == option.expected, "\(option.name)")
    }

    @Test(arguments: ServeOption.all)
    func anOptionNotGivenIsTheConfigurationsDefaultAsTheHelpPrintsIt(_ option: ServeOption) throws {
        let parsed = try Self.configuration([])
        // The type's own defaults; the folders have none, so they are the parsed ones.
        let plain = WidgetConfiguration(
            accountURL: parsed.accountURL,
            dataDirectory: parsed.dataDirectory,
            publicDirectory: parsed.publicDirectory,
            templatesDirectory: parsed.templatesDirectory
        )
        #expect(option.shown(parsed) == option.shown(plain), "\(option.name): serve's default is not the type's")
        if case .some(.some(let printed)) = ServeHelp().defaults[option.name] {
            #expect(printed == option.shown(parsed), "\(option.name): --help prints another default")
        }
    }

    @Test func aKioskKeepsTheKiosksBudgets() throws {
        let kiosk = try Self.configuration(["--kiosk"])
        #expect(kiosk.storageBudget == StorageBudgets.kiosk.folderBytes)
        #expect(kiosk.tabDataRetention == StorageBudgets.kiosk.retention)
        let site = try Self.configuration([])
        #expect(site.storageBudget == StorageBudgets.site.folderBytes)
        #expect(site.tabDataRetention == StorageBudgets.site.retention)
    }

    @Test func theServedWidgetOptionsNameServesOptionsAndItsDefaultLocation() async throws {
        let help = ServeHelp()
        for arguments in [[], ["--default-location", "quotes"]] {
            let configuration = try Self.configuration(arguments)
            let served = try await Self.servedOptions(of: configuration)
            for option in served {
                let summary = option["summary"] as? String ?? ""
                for flag in summary.split(whereSeparator: { !$0.isLetter && $0 != "-" }) where flag.hasPrefix("--") {
                    #expect(help.names.contains(String(flag)), "\(option["name"] ?? ""): no \(flag) in serve --help")
                }
            }
            let location = served.first { $0["name"] as? String == "location" }
            #expect(location?["default"] as? String == configuration.defaultLocation, "\(arguments)")
        }
    }

    /// The options `GET /api/widget-options` answers, from a widget server running with `configuration`.
    private static func servedOptions(of configuration: WidgetConfiguration) async throws -> [[String: Any]] {
        let body = try await withTemporaryDirectory { directory in
            try await LiveStack.withWidget(
                accountURL: "http://127.0.0.1:9",
                serviceURL: "http://127.0.0.1:9",
                dataDirectory: directory,
                adjust: { served in
                    // Only where it listens, keeps its data and finds the chat service are the test's own.
                    var given = configuration
                    (given.host, given.port) = (served.host, served.port)
                    (given.dataDirectory, given.accountURL) = (served.dataDirectory, served.accountURL)
                    served = given
                }
            ) { stack in
                let request = HTTPClientRequest(url: stack.widgetURL + "/api/widget-options")
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
                return Data(String(buffer: try await response.body.collect(upTo: 1 << 20)).utf8)
            }
        }
        let answer = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        return try #require(answer?["options"] as? [[String: Any]])
    }
}
