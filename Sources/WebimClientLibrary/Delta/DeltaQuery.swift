import Foundation
import WebimWire

/// The delta loop's two queries, made from the visitor's identity and the session's settings alone.
enum DeltaQuery {
    /// The init request's query (PROTOCOL.md §2.2): who the visitor is, where, and on what device.
    static func initialization(identity: VisitorIdentity, settings: SessionSettings) -> [(String, String)] {
        var query: [(String, String)] = [
            (WireParameter.event, "init"),
            (WireParameter.since, "0"),
            (WireParameter.respondImmediately, "1"),
            (WireParameter.platform, "ios"),
            (WireParameter.location, identity.location),
            (WireParameter.title, settings.pageTitle),
            (WireParameter.deviceID, identity.initDeviceID(multivisitorSection: settings.multivisitorSection)),
        ]
        if let appVersion = settings.appVersion { query.append((WireParameter.appVersion, appVersion)) }
        if let token = settings.deviceToken, let service = settings.pushService {
            query.append((WireParameter.pushToken, token))
            query.append((WireParameter.pushService, service))
        }
        if let visitSessionID = identity.visitSessionID {
            query.append((WireParameter.visitSessionID, visitSessionID))
        }
        if let visitorJSON = identity.visitorJSON { query.append((WireParameter.visitor, visitorJSON)) }
        if let fields = settings.visitorFieldsJSON { query.append((WireParameter.visitorExt, fields)) }
        if let token = settings.providedAuthorizationToken { query.append((WireParameter.providedAuthToken, token)) }
        if let prechat = settings.prechat {
            query.append((WireParameter.prechatFields, PrechatFields.normalize(prechat)))
        }
        return query
    }

    /// A delta poll's query from `revision` (PROTOCOL.md §2.5).
    static func poll(identity: VisitorIdentity, since revision: Int) -> [(String, String)] {
        [
            (WireParameter.since, String(revision)),
            // PROTOCOL.md §2.5: a cache-buster in ms since 2001-01-01, as iOS sends it.
            (WireParameter.timestamp, String(Int64(Date().timeIntervalSinceReferenceDate * 1000))),
        ] + identity.authorization
    }
}
