import Testing
import WebimWire

@testable import WebimClientLibrary

/// The session's identity to the service, without a session: what a restart keeps, what a full update brings and
/// what `reinit-required` forgets.
@Suite struct VisitorIdentityTests {
    @Test func aRestartKeepsTheDeviceAndTheVisitorButNotThePage() {
        let stored: [VisitorValueKey: String] = [
            .deviceID: "device-1", .visitor: #"{"id":"v-1"}"#, .visitSessionID: "visit-1", .pageID: "old-page",
            .authToken: "old-token",
        ]
        let identity = VisitorIdentity(location: "mobile", stored: stored, newDeviceID: "unused")
        #expect(identity.deviceID == "device-1")
        #expect(identity.visitorJSON == #"{"id":"v-1"}"#)
        #expect(identity.visitSessionID == "visit-1")
        // A stored page belongs to a visit that ended with the process: the first request inits.
        #expect(!identity.hasPage && !identity.isAuthorized)
        #expect(VisitorIdentity(location: "mobile", stored: [:], newDeviceID: "fresh").deviceID == "fresh")
    }

    @Test func aFullUpdateGivesThePageAndTheValuesToStore() {
        var identity = VisitorIdentity(location: "mobile", stored: [:], newDeviceID: "device-1")
        let update = FullUpdate(
            pageId: "page-1",
            authToken: "token-1",
            visitSessionId: "visit-1",
            visitor: .object(["id": .string("v-1")])
        )
        let values = identity.apply(update)
        #expect(identity.isAuthorized)
        #expect(identity.authorization.map { "\($0.0)=\($0.1)" } == ["page-id=page-1", "auth-token=token-1"])
        #expect(values.map(\.0) == [.visitor, .visitSessionID, .pageID, .authToken])
        #expect(values.map(\.1) == [#"{"id":"v-1"}"#, "visit-1", "page-1", "token-1"])
        identity.forgetPage()
        #expect(!identity.hasPage && !identity.isAuthorized)
        // The visitor stays: the next init asks for the same one.
        #expect(identity.visitorJSON == #"{"id":"v-1"}"#)
        #expect(identity.authorization.map { "\($0.0)=\($0.1)" } == ["page-id=", "auth-token="])
    }

    @Test func theMultivisitorSectionIsAppendedToTheDeviceID() {
        let identity = VisitorIdentity(location: "mobile", stored: [.deviceID: "device-1"], newDeviceID: "unused")
        #expect(identity.initDeviceID(multivisitorSection: nil) == "device-1")
        #expect(identity.initDeviceID(multivisitorSection: "") == "device-1")
        #expect(identity.initDeviceID(multivisitorSection: "shop") == "device-1-shop")
    }
}
