public import Foundation
import WebimWire

/// The scenarios of a folder, one `<location>.json` each, chosen by the visitor's Webim location.
public struct ScenarioLibrary: Sendable {
    private let scenarios: [String: Scenario]

    /// Loads every `*.json` file of `directory`; a broken file is an error, not a silent skip.
    public init(directory: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        var scenarios: [String: Scenario] = [:]
        for file in files where file.pathExtension == "json" {
            do {
                let scenario = try WireCoding.makeDecoder().decode(Scenario.self, from: Data(contentsOf: file))
                scenarios[file.deletingPathExtension().lastPathComponent] = scenario
            } catch {
                throw ScenarioLibraryError(file: file.lastPathComponent, reason: "\(error)")
            }
        }
        guard scenarios["default"] != nil else {
            throw ScenarioLibraryError(file: "default.json", reason: "missing from \(directory.path)")
        }
        self.scenarios = scenarios
    }

    /// The names of the loaded scenarios.
    public var names: [String] { scenarios.keys.sorted() }

    /// The scenario of a location, or `default` when the location has none.
    func scenario(for location: String) -> Scenario {
        scenarios[location] ?? scenarios["default"]!
    }
}

/// A scenario file that could not be read.
public struct ScenarioLibraryError: Error, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { "scenario \(file): \(reason)" }
}
