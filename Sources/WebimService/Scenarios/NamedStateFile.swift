import Foundation
import WebimWire
import Yams

/// The embedded service's named states (`NamedState`), from `Scenarios/fixtures/states.yaml`.
enum NamedStateFile {
    /// Where the list lives, under the scenarios folder.
    static let path = "fixtures/states.yaml"

    /// The folder's named states: none without the file; a state whose location has no scenario is an error, since
    /// it would show the default scenario under another name.
    static func load(from directory: URL, locations: Set<String>) throws -> [NamedState] {
        let url = directory.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let states: [NamedState]
        do {
            states = try YAMLNodeDecoder.decode([NamedState].self, from: Data(contentsOf: url))
        } catch {
            throw ScenarioLibraryError(file: path, reason: "\(error)")
        }
        var seen: Set<String> = []
        for state in states {
            guard seen.insert(state.name).inserted else {
                throw ScenarioLibraryError(file: path, reason: "\(state.name) is named twice")
            }
            guard locations.contains(state.location) else {
                throw ScenarioLibraryError(file: path, reason: "\(state.name): no scenario for \(state.location)")
            }
        }
        return states
    }
}
