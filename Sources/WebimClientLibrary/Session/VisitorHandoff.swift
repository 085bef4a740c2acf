/// What another process needs to continue this session's visitor (PROTOCOL.md §2.2, §2.4): the device, the
/// `visitor` object and the visit session of the last full update, and the provided visitor they belong to. Init
/// with them, and the service recognises the same visitor, chat and history.
///
/// Not in the reference (an app keeps its own visitor); `package`: a cluster of widget servers hands a tab's visitor
/// from one server to the next (`SessionBuilder.set(visitorHandoffObserver:)`, `HistoryStore.adopt(_:visitorKey:)`).
package struct VisitorHandoff: Codable, Equatable, Sendable {
    package var deviceID: String
    package var visitorJSON: String?
    package var visitSessionID: String?
    /// The provided visitor's id (`visitor-ext`'s), empty for an anonymous visitor.
    package var providedVisitorID: String

    package init(deviceID: String, visitorJSON: String?, visitSessionID: String?, providedVisitorID: String) {
        self.deviceID = deviceID
        self.visitorJSON = visitorJSON
        self.visitSessionID = visitSessionID
        self.providedVisitorID = providedVisitorID
    }

    private enum CodingKeys: String, CodingKey {
        case deviceID = "deviceId"
        case visitorJSON = "visitor"
        case visitSessionID = "visitSessionId"
        case providedVisitorID = "providedVisitorId"
    }

    /// The visitor values it stands for, as the store keeps them.
    var storedValues: [(VisitorValueKey, String?)] {
        [
            (.deviceID, deviceID),
            (.visitor, visitorJSON),
            (.visitSessionID, visitSessionID),
            (.providedVisitorID, providedVisitorID),
        ]
    }
}
