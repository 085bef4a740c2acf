import Foundation
import NIOHTTP1
import TestSupport
import Testing
import WebimWire

@testable import WebimService

/// A signed visitor (`visitor-ext`, PROTOCOL.md §2.7) is who the signature says and nobody else: the id comes from
/// what is signed alone, a signature lives a day at most, and nothing the visitor sends overwrites a signed field.
@Suite struct SignedIdentityTests {
    static let key = VisitorFieldsSignature.testKey
    static var inAnHour: Int64 { Int64(Date().timeIntervalSince1970) + 3_600 }

    /// A record signed with the test key; `hashOf` signs other fields than those sent (a forgery of a real hash).
    static func record(
        fields: [String: String]?,
        id: String? = nil,
        expires: Int64,
        hashOf signed: [String: String]? = nil
    )
        throws -> String
    {
        let hash = WireSignature.visitorFieldsHash(
            fields: signed ?? fields ?? [:],
            expires: expires,
            privateKey: key
        )
        let value = ProvidedVisitorFields(fields: fields, id: id, expires: expires, hash: hash)
        return String(decoding: try WireCoding.makeEncoder().encode(value), as: UTF8.self)
    }

    static func initError(_ base: String, _ ext: String) async throws -> String? {
        try await ServiceClient.initialize(base, location: "manual", extra: [("visitor-ext", ext)]).error
    }

    @Test func aRenamedIdFieldWithATopLevelIdNamesNobody() async throws {
        try await withService { base in
            let expires = Self.inAnHour
            let alice = try Self.record(fields: ["id": "alice"], expires: expires)
            let victim = try await ServiceClient.start(base, extra: [("visitor-ext", alice)])
            // Mallory's own record, `id` renamed `idx`: the values, and so the hash, are unchanged.
            let forged = try Self.record(
                fields: ["idx": "mallory"],
                id: "alice",
                expires: expires,
                hashOf: ["id": "mallory"]
            )
            #expect(try await Self.initError(base, forged) == WireError.wrongProvidedVisitorHash)
            // A record with fields but no `fields.id` is no one, whatever its top level says.
            let noID = try Self.record(fields: ["name": "Mallory"], id: "alice", expires: expires)
            #expect(try await Self.initError(base, noID) == WireError.wrongProvidedVisitorHash)
            // The older form, with no fields, is still the signed top-level id.
            let older = try Self.record(fields: nil, id: "alice", expires: expires, hashOf: ["id": "alice"])
            let again = try await ServiceClient.start(base, extra: [("visitor-ext", older)])
            #expect(again.visitorID == victim.visitorID)
        }
    }

    @Test func theLastValuesDigitsCannotMoveIntoExpires() async throws {
        try await withService { base in
            let expires = Self.inAnHour
            let own = try Self.record(fields: ["id": "1234"], expires: expires)
            _ = try await ServiceClient.start(base, extra: [("visitor-ext", own)])
            // "1234" + expires and "123" + "4" + expires are the same text: the same hash, another numeric id, and
            // a record valid for centuries.
            let shifted = ProvidedVisitorFields(
                fields: ["id": "123"],
                expires: Int64("4\(expires)")!,
                hash: WireSignature.visitorFieldsHash(fields: ["id": "1234"], expires: expires, privateKey: Self.key)
            )
            let text = String(decoding: try WireCoding.makeEncoder().encode(shifted), as: UTF8.self)
            #expect(try await Self.initError(base, text) == WireError.wrongProvidedVisitorExpiresValue)
        }
    }

    @Test func aSignatureForLongerThanADayIsRefused() async throws {
        try await withService { base in
            let now = Int64(Date().timeIntervalSince1970)
            let day: Int64 = 86_400  // the documented bound (`VisitorIdentification.longestSignedLifetime`)
            let tooLong = try Self.record(fields: ["id": "ann"], expires: now + day + 600)
            #expect(try await Self.initError(base, tooLong) == WireError.wrongProvidedVisitorExpiresValue)
            let aDay = try Self.record(fields: ["id": "ann"], expires: now + day - 600)
            #expect(try await Self.initError(base, aDay) == nil)
        }
    }

    @Test func customFieldsAndContactsNeverOverwriteASignedField() async throws {
        try await withService { base in
            let signed = ["id": "ann", "email": "ann@site.example", "display_name": "Ann"]
            let ext = try Self.record(fields: signed, expires: Self.inAnHour)
            let ann = try await ServiceClient.start(base, extra: [("visitor-ext", ext)])
            let custom = #"{"email":"evil@attacker.example","display_name":"Eve","plan":"gold"}"#
            #expect(try await ann.action("chat.start", [("custom_fields", custom)]).error == nil)
            let contacts = #"{"email":"evil@attacker.example","phone":"+100"}"#
            #expect(try await ann.action("chat.cont_resp", [("visitor-fields", contacts)]).error == nil)
            let shown = try await ann.console(.GET, "")
            #expect(shown["fields"]?["email"] == .string("ann@site.example"))
            #expect(shown["visitorName"] == .string("Ann"))
            // Fields the site did not sign are the visitor's to give.
            #expect(shown["fields"]?["plan"] == .string("gold"))
            #expect(shown["fields"]?["phone"] == .string("+100"))
        }
    }

    @Test func aReturningVisitorTakesTheSitesNewestSignedFields() async throws {
        try await withService { base in
            let first = try Self.record(fields: ["id": "ann", "email": "old@site.example"], expires: Self.inAnHour)
            _ = try await ServiceClient.start(base, extra: [("visitor-ext", first)])
            let second = try Self.record(fields: ["id": "ann", "email": "new@site.example"], expires: Self.inAnHour)
            let ann = try await ServiceClient.start(base, extra: [("visitor-ext", second)])
            #expect(try await ann.console(.GET, "")["fields"]?["email"] == .string("new@site.example"))
        }
    }

    @Test func theEmailChangeCapHoldsForCustomFieldsToo() async throws {
        try await withService { base in
            let visitor = try await ServiceClient.start(base)
            #expect(
                try await visitor.action("chat.start", [("custom_fields", #"{"email":"a0@x.example"}"#)]).error == nil
            )
            for change in 1...3 {  // `VisitorRecord.maximumEmailChanges`
                #expect(try await visitor.action("chat.close").error == nil)
                let fields = #"{"email":"a\#(change)@x.example"}"#
                #expect(try await visitor.action("chat.start", [("custom_fields", fields)]).error == nil)
            }
            #expect(try await visitor.action("chat.close").error == nil)
            let oneMore = try await visitor.action("chat.start", [("custom_fields", #"{"email":"last@x.example"}"#)])
            #expect(oneMore.error == WireError.emailChangedTooManyTimes)
        }
    }

    @Test func customFieldsAreBoundedInCountAndSize() async throws {
        try await withService { base in
            let visitor = try await ServiceClient.start(base)
            // `VisitorRecord.maximumFieldCount` (50) and `maximumFieldValueLength` (1,000).
            let many = (0...50).map { #""f\#($0)":"v""# }.joined(separator: ",")
            #expect(
                try await visitor.action("chat.start", [("custom_fields", "{\(many)}")]).error
                    == WireError.wrongArgumentValue
            )
            let long = String(repeating: "a", count: 1_001)
            #expect(
                try await visitor.action("chat.start", [("custom_fields", #"{"note":"\#(long)"}"#)]).error
                    == WireError.wrongArgumentValue
            )
            // Refused whole: nothing of either was kept, and no chat started.
            let shown = try await visitor.console(.GET, "")
            #expect(shown["fields"]?["f0"] == nil)
            #expect(shown["fields"]?["note"] == nil)
            #expect(shown["chat"] == nil || shown["chat"] == .null)
        }
    }
}
