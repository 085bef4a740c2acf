import Foundation
import WebimWire

/// A delta poll's answer. Logged items go out as the JSON they were stored as: decoding each one only to
/// encode it again was a tenth of the service's CPU under a burst of messages.
enum DeltaAnswer: Sendable {
    /// An answer built here: an error, or the init's full update.
    case response(DeltaResponse)
    /// The visitor's revision and the stored JSON of every item after the requested one.
    case logged(revision: Int, items: [String])

    /// The answer's JSON, as `WireCoding` would encode the equivalent `DeltaResponse` (keys sorted).
    func json() throws -> Data {
        switch self {
        case .response(let response):
            return try WireCoding.makeEncoder().encode(response)
        case .logged(let revision, let items):
            return Data(#"{"deltaList":[\#(items.joined(separator: ","))],"revision":\#(revision)}"#.utf8)
        }
    }
}
