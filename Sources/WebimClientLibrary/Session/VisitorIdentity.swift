import Foundation
import WebimWire

/// Who the session is to the service (PROTOCOL.md §2.4): the device, the visitor the service made of it, and the
/// page of the current visit. The first two outlive a restart in the store; the page is forgotten on
/// `reinit-required` and on a change of location, so that the next request inits again.
struct VisitorIdentity: Equatable, Sendable {
    var location: String
    var deviceID: String
    /// The `visitor` object of the last full update, as JSON, sent back on init to stay the same visitor.
    var visitorJSON: String?
    var visitSessionID: String?
    var pageID: String?
    var authToken: String?

    /// The identity kept in `stored`, at `location`; a device seen for the first time gets `newDeviceID`.
    init(location: String, stored: [VisitorValueKey: String], newDeviceID: String) {
        self.location = location
        deviceID = stored[.deviceID] ?? newDeviceID
        visitorJSON = stored[.visitor]
        visitSessionID = stored[.visitSessionID]
    }

    /// Whether a page was given: actions and history requests need one.
    var hasPage: Bool { pageID != nil }

    /// Whether the delta loop may long-poll instead of init.
    var isAuthorized: Bool { pageID != nil && authToken != nil }

    /// Takes the page and the visitor of a full update (PROTOCOL.md §3.2); returns what to store.
    mutating func apply(_ fullUpdate: FullUpdate) -> [(VisitorValueKey, String?)] {
        pageID = fullUpdate.pageId
        authToken = fullUpdate.authToken
        visitSessionID = fullUpdate.visitSessionId
        visitorJSON = (try? WireCoding.makeEncoder().encode(fullUpdate.visitor)).map {
            String(decoding: $0, as: UTF8.self)
        }
        return [(.visitor, visitorJSON), (.visitSessionID, visitSessionID), (.pageID, pageID), (.authToken, authToken)]
    }

    /// Forgets the page, so that the next request inits again (PROTOCOL.md §2.6 `reinit-required`).
    mutating func forgetPage() {
        pageID = nil
        authToken = nil
    }

    /// The device id sent on init, with the multivisitor section (PROTOCOL.md §2.2).
    func initDeviceID(multivisitorSection section: String?) -> String {
        guard let section, !section.isEmpty else { return deviceID }
        return "\(deviceID)-\(section)"
    }

    /// The parameters that authorise a request on the current page.
    var authorization: [(String, String)] {
        [(WireParameter.pageID, pageID ?? ""), (WireParameter.authToken, authToken ?? "")]
    }
}
