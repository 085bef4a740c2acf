import Dispatch
public import Foundation
import Synchronization
import WebimWire
import Yams

/// The scenarios of a folder, one `<location>.yaml`, `.yml` or `.json` each, chosen by the visitor's Webim location.
public struct ScenarioLibrary: Sendable {
    private let scenarios: [String: Scenario]
    private let locations: [String: LocationDefinition]
    /// Where scenario files (`files/…`) live.
    let directory: URL
    /// The states a widget frame can be put into by name (`fixtures/states.yaml`), in the file's order.
    let namedStates: [NamedState]

    /// Loads every scenario file of `directory`; a broken file is an error, not a silent skip.
    public init(directory: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { ["json", "yaml", "yml"].contains($0.pathExtension) }
        // Read side by side: decoding YAML was a quarter of the service's start-up (perf), one file after another.
        let decoded = Mutex([String: Result<Scenario, ScenarioLibraryError>]())
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            let result = Result { try Self.decode(file) }
                .mapError { ScenarioLibraryError(file: file.lastPathComponent, reason: "\($0)") }
            decoded.withLock { $0[file.deletingPathExtension().lastPathComponent] = result }
        }
        var scenarios: [String: Scenario] = [:]
        // Sorted, so that of several broken files the same one is named each time.
        for (name, result) in decoded.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            scenarios[name] = try result.get()
        }
        guard scenarios["default"] != nil else {
            throw ScenarioLibraryError(file: "default", reason: "missing from \(directory.path)")
        }
        try Self.checkOperatorIDs(scenarios)
        namedStates = try NamedStateFile.load(from: directory, locations: Set(scenarios.keys))
        self.scenarios = scenarios
        self.directory = directory
        locations = Dictionary(
            uniqueKeysWithValues: scenarios.map { ($0.key, LocationDefinition(name: $0.key, scenario: $0.value)) }
        )
    }

    private static func decode(_ file: URL) throws -> Scenario {
        let data = try Data(contentsOf: file)
        return file.pathExtension == "json"
            ? try WireCoding.makeDecoder().decode(Scenario.self, from: data)
            : try YAMLNodeDecoder.decode(Scenario.self, from: data)
    }

    /// One id, one operator: the service keeps operators by id, so two scenarios that define an id differently
    /// would show whichever was seeded last. The same operator in several scenarios is fine.
    private static func checkOperatorIDs(_ scenarios: [String: Scenario]) throws {
        var seen: [Int: (location: String, item: OperatorItem)] = [:]
        for (location, scenario) in scenarios.sorted(by: { $0.key < $1.key }) {
            for item in scenario.allOperators.map(\.wireItem) {
                if let earlier = seen[item.id], earlier.item != item {
                    throw ScenarioLibraryError(
                        file: location,
                        reason: "operator \(item.id) is \"\(item.fullname)\" here but \"\(earlier.item.fullname)\" in "
                            + "\(earlier.location); give each operator an id of its own"
                    )
                }
                seen[item.id] = (location, item)
            }
        }
    }

    /// The names of the loaded scenarios.
    public var names: [String] { scenarios.keys.sorted() }

    /// The scenario of a location, or `default` when the location has none.
    func scenario(for location: String) -> Scenario? {
        scenarios[location] ?? scenarios["default"]
    }

    /// The settings of a location, or of `default` when the location has none (renamed to the location).
    func location(_ name: String) -> LocationDefinition {
        if let definition = locations[name] { return definition }
        guard let fallback = locations["default"] else {
            return LocationDefinition(
                name: name,
                scenario: Scenario(name: name, description: "", operator: .init(id: 1, name: "Operator"))
            )
        }
        var definition = fallback
        definition.name = name
        return definition
    }

    /// Every location a file defines.
    var allLocations: [LocationDefinition] { Array(locations.values) }

    /// Whether a scenario defines the location `name` (`location(_:)` falls back to `default` for any other).
    func defines(location name: String) -> Bool { locations[name] != nil }

    /// The largest file any location lets a visitor upload, in bytes: the bound of every body that may carry one.
    var largestUploadSize: Int {
        locations.values.map { $0.config.maxVisitorUploadFileSizeMegabytes }.max().map { $0 << 20 } ?? 0
    }
}

/// A scenario file that could not be read.
public struct ScenarioLibraryError: Error, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { "scenario \(file): \(reason)" }
}
