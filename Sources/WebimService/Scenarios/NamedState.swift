import Foundation
import Yams

/// A state a widget frame can be put into by name: a fixture location whose scenario brings a new visitor into it by
/// itself (`Scenarios/fixtures/states.yaml`). Served at `GET /fixtures/states`, read by the widget server's gallery.
public struct NamedState: Codable, Equatable, Sendable {
    /// The state's name, as `/inspect?state=` takes it.
    public var name: String
    /// A link's words.
    public var caption: String
    /// The fixture location, a scenario of the folder.
    public var location: String
    /// What the state shows.
    public var summary: String
    /// What a person does to see it, when it needs a hand.
    public var hint: String?
    /// The widget page's own options for it (a query string without `location`), such as a kiosk's.
    public var page: String?

    enum CodingKeys: String, CodingKey {
        case name
        case caption
        case location
        case summary
        case hint
        case page
    }

    /// Where the list lives, under the scenarios folder.
    static let file = "fixtures/states.yaml"

    /// The folder's named states: none without the file; a state whose location has no scenario is an error, since
    /// it would show the default scenario under another name.
    static func load(from directory: URL, locations: Set<String>) throws -> [NamedState] {
        let url = directory.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let states: [NamedState]
        do {
            states = try YAMLDecoder().decode([NamedState].self, from: Data(contentsOf: url))
        } catch {
            throw ScenarioLibraryError(file: file, reason: "\(error)")
        }
        var seen: Set<String> = []
        for state in states {
            guard seen.insert(state.name).inserted else {
                throw ScenarioLibraryError(file: file, reason: "\(state.name) is named twice")
            }
            guard locations.contains(state.location) else {
                throw ScenarioLibraryError(file: file, reason: "\(state.name): no scenario for \(state.location)")
            }
        }
        return states
    }
}
