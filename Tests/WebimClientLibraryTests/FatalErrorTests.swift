import Foundation
import TestSupport
import Testing
import WebimClientLibrary

/// Fatal errors (PROTOCOL.md §2.6) reach `FatalErrorHandler` once, and the session is destroyed.
@Suite struct FatalErrorTests {
    @Test func bannedVisitorGetsVisitorBannedAndTheSessionEnds() async throws {
        try await ManualChat.with { chat in
            try await chat.console.post(visitor: chat.visitorID, "ban")
            #expect(await chat.saw(.fatal(.visitorBanned, "visitor_banned")))
            await #expect(throws: AccessError.invalidSession) { try await chat.harness.send("Am I still here?") }
        }
    }

    @Test func blockedAccountIsFatal() async throws {
        try await ManualChat.with(location: #""accountBlocked": true"#, startingChat: false) { chat in
            #expect(await chat.saw(.fatal(.accountBlocked, "account-blocked")))
        }
    }

    @Test func wronglySignedOrExpiredVisitorFieldsAreFatal() async throws {
        let wrong = #"{"fields":{"id":"42","display_name":"Ann"},"expires":4102444800,"hash":"00"}"#
        let signWrongly: @Sendable (SessionBuilder) -> Void = { $0.set(visitorFieldsJSONString: wrong) }
        try await ManualChat.with(startingChat: false, configure: signWrongly) { chat in
            #expect(await chat.saw(.fatal(.wrongProvidedVisitorHash, "wrong-provided-visitor-hash-value")))
        }
        let fields = ["display_name": "Ann", "id": "42"]
        let hash = VisitorFieldsSignature.hash(fields: fields, expires: 1_000_000_000)
        let expired = #"{"fields":{"id":"42","display_name":"Ann"},"expires":1000000000,"hash":"\#(hash)"}"#
        let signExpired: @Sendable (SessionBuilder) -> Void = { $0.set(visitorFieldsJSONString: expired) }
        try await ManualChat.with(startingChat: false, configure: signExpired) { chat in
            #expect(await chat.saw(.fatal(.providedVisitorFieldsExpired, "provided-visitor-expired")))
        }
    }

    @Test func signedVisitorIsRecognisedAcrossDevices() async throws {
        let fields = ["display_name": "Ann", "id": "ann-42"]
        // An hour ahead: the service refuses a signature for longer than a day.
        let expires = Int64(Date().timeIntervalSince1970) + 3_600
        let hash = VisitorFieldsSignature.hash(fields: fields, expires: expires)
        let json = #"{"fields":{"id":"ann-42","display_name":"Ann"},"expires":\#(expires),"hash":"\#(hash)"}"#
        let signIn: @Sendable (SessionBuilder) -> Void = { $0.set(visitorFieldsJSONString: json) }
        try await ManualChat.with(configure: signIn) { chat in
            let visitor = try await chat.console.request("GET", "/visitors/\(chat.visitorID)") as? [String: Any]
            #expect((visitor?["fields"] as? [String: String])?["display_name"] == "Ann")
        }
    }
}
