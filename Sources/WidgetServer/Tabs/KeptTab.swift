import Foundation
import PrivateFiles

/// What a tab's folder keeps about the tab itself, beside its visitor's history (`tab.json`): enough to open the
/// tab again with no page, to deliver an outbox its page left behind.
struct KeptTab: Codable, Equatable, Sendable {
    /// The file's name in the tab's folder.
    static let fileName = "tab.json"

    var location: String
    /// The signed visitor fields the tab was opened with: without them the core would take a stored identified
    /// visitor for another person and wipe their data.
    var visitorFields: String?
    var departmentKey: String?
    var isKiosk: Bool

    private enum CodingKeys: String, CodingKey {
        case location = "location"
        case visitorFields = "visitorFields"
        case departmentKey = "departmentKey"
        case isKiosk = "kiosk"
    }

    /// What the tab's session is opened with again, with no page (and so no prechat fields).
    var options: TabSession.Options {
        TabSession.Options(location: location, visitorFields: visitorFields, prechat: nil, departmentKey: departmentKey)
    }

    /// Writes `tab.json` into `folder`, whole or not at all, readable by the server's user alone (it holds the
    /// visitor's signed fields).
    func write(to folder: URL) throws {
        try PrivateFiles.write(JSONEncoder().encode(self), to: folder.appendingPathComponent(Self.fileName))
    }

    /// The `tab.json` of `folder`, if it has a readable one.
    static func read(from folder: URL) -> KeptTab? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(fileName).path) else {
            return nil
        }
        return try? JSONDecoder().decode(KeptTab.self, from: data)
    }
}
