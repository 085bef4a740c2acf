import Foundation
import WebimClientLibrary

/// A tab's visitor as the page holds it, sealed by a widget server (`CredentialSeal`): with it, any server of the
/// deployment continues the tab when the one that had it is gone. It names the tab it belongs to and expires with
/// the tab data's retention.
struct VisitorCredential: Codable, Equatable, Sendable {
    var tabID: String
    var location: String
    var visitor: VisitorHandoff
    /// The provided visitor fields (`visitor-ext`) the tab was opened with, signed by the site.
    var visitorFields: String?
    var departmentKey: String?
    var isKiosk: Bool
    /// Seconds since 1970 after which no server accepts it.
    var expiresAt: Int64

    private enum CodingKeys: String, CodingKey {
        case tabID = "tab"
        case location = "location"
        case visitor = "visitor"
        case visitorFields = "visitorFields"
        case departmentKey = "departmentKey"
        case isKiosk = "kiosk"
        case expiresAt = "expires"
    }

    /// What the tab's session is opened with on the server that continues it.
    var options: TabSession.Options {
        TabSession.Options(location: location, visitorFields: visitorFields, departmentKey: departmentKey)
    }
}
