import Foundation

/// Who an init (or light-mode auth) says the visitor is (PROTOCOL.md §2.2, §2.7).
struct VisitorIdentity: Sendable {
    var deviceID: String
    var location: String
    /// The server visitor id from the echoed `visitor` JSON.
    var visitorID: String?
    /// An authorised visitor's id, from verified `visitor-ext` fields.
    var providedID: String?
    var providedAuthToken: String?
    /// The verified `visitor-ext` fields: stored with the visitor, and on every later signed init they win over
    /// whatever custom fields or contacts said.
    var signedFields: [String: String] = [:]
    var now: Double
}
