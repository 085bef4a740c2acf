import Foundation
import Testing
import WebimClientLibrary

/// `SessionBuilder`'s refusals and `Webim.parse(remoteNotification:)`, which need no service.
@Suite struct BuilderAndNotificationTests {
    @Test func builderRefusesAMissingAccountOrLocation() {
        #expect(throws: SessionBuilderError.nilAccountName) { try Webim.newSessionBuilder().set(location: "x").build() }
        #expect(throws: SessionBuilderError.nilLocation) { try Webim.newSessionBuilder().set(accountName: "x").build() }
    }

    @Test func builderRefusesTwoAuthorizationsAtOnce() {
        #expect(throws: SessionBuilderError.invalidAuthentificatorParameters) {
            try Webim.newSessionBuilder().set(accountName: "x").set(location: "mobile")
                .set(visitorFieldsJSONString: #"{"fields":{"id":"1"},"expires":1,"hash":"00"}"#)
                .set(providedAuthorizationTokenStateListener: nil, providedAuthorizationToken: "token")
                .build()
        }
    }

    @Test func builderRefusesPushWithoutAValidToken() {
        #expect(throws: SessionBuilderError.invalidRemoteNotificationConfiguration) {
            try Webim.newSessionBuilder().set(accountName: "x").set(location: "mobile")
                .set(remoteNotificationSystem: .apns).build()
        }
        #expect(throws: SessionBuilderError.invalidHex) {
            try Webim.newSessionBuilder().set(accountName: "x").set(location: "mobile")
                .set(remoteNotificationSystem: .apns).set(deviceToken: "not hex!").build()
        }
    }

    @Test func buildOffItsExecutorIsRefused() {
        let executor = WebimExecutor(label: "elsewhere")
        #expect(throws: AccessError.invalidThread) {
            try Webim.newSessionBuilder().set(accountName: "x").set(location: "mobile").set(executor: executor).build()
        }
    }

    @Test func webimPushIsParsedWithItsTypeArgumentsAndCounter() throws {
        let payload: [AnyHashable: Any] = [
            "aps": ["alert": ["loc-key": "P.OM", "loc-args": ["Anna", "Your order has shipped"]]],
            "webim": true,
            "event": "add",
            "location": "mobile",
            "unread_by_visitor_msg_cnt": 3,
        ]
        #expect(Webim.isWebim(remoteNotification: payload))
        let notification = try #require(Webim.parse(remoteNotification: payload))
        #expect(notification.getType() == .operatorMessage)
        #expect(notification.getEvent() == .add)
        #expect(notification.getParameters() == ["Anna", "Your order has shipped"])
        #expect(notification.getLocation() == "mobile")
        #expect(notification.getUnreadByVisitorMessagesCount() == 3)
    }

    @Test func foreignOrUnknownPushesAreNotParsed() {
        let foreign: [AnyHashable: Any] = ["aps": ["alert": ["loc-key": "P.OM"]]]
        #expect(!Webim.isWebim(remoteNotification: foreign))
        #expect(Webim.parse(remoteNotification: foreign) == nil)
        let unknownKey: [AnyHashable: Any] = ["aps": ["alert": ["loc-key": "X.Y"]], "webim": true]
        #expect(Webim.parse(remoteNotification: unknownKey) == nil)
        let otherVisitor: [AnyHashable: Any] = [
            "aps": ["alert": ["loc-key": "P.OA", "loc-args": ["Anna"]]], "webim": true, "visitor_id": "someone-else",
        ]
        #expect(Webim.parse(remoteNotification: otherVisitor, visitorId: "me") == nil)
        #expect(
            Webim.parse(remoteNotification: otherVisitor, visitorId: "someone-else")?.getType() == .operatorAccepted
        )
    }
}
