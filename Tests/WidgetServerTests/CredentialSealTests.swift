import Foundation
import HTTPAPI
import Testing
import WebimClientLibrary

@testable import WidgetServer

/// A sealed visitor credential opens for its own tab under the deployment's key, until it expires, and never when
/// anything about it changed.
@Suite struct CredentialSealTests {
    private let key = ClusterKey.random()
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func credential(
        tab: String = "AAAAAAAAAAAAAAAAAAAAAA",
        expiresIn seconds: Int64 = 3600
    )
        -> VisitorCredential
    {
        VisitorCredential(
            tabID: tab,
            location: "default",
            visitor: VisitorHandoff(
                deviceID: "device-1",
                visitorJSON: #"{"id":"v-1"}"#,
                visitSessionID: "visit-1",
                providedVisitorID: ""
            ),
            visitorFields: nil,
            departmentKey: "sales",
            isKiosk: false,
            expiresAt: Int64(now.timeIntervalSince1970) + seconds
        )
    }

    @Test func opensForItsTabWithTheSameKey() throws {
        let sealed = try CredentialSeal(key: key).seal(credential())
        let opened = try CredentialSeal(key: key).open(sealed, tabID: "AAAAAAAAAAAAAAAAAAAAAA", now: now)
        #expect(opened == credential())
        // The page holds no readable part of it: the visitor's ids are not in the text.
        #expect(!sealed.contains("v-1") && !Base64URL.decode(String(sealed.dropFirst(3)))!.contains(Data("v-1".utf8)))
    }

    @Test func refusesAnotherTabAnotherKeyAChangedByteAndGarbage() throws {
        let sealed = try CredentialSeal(key: key).seal(credential())
        let seal = CredentialSeal(key: key)
        #expect(throws: CredentialSeal.Refusal.forged) {
            try seal.open(sealed, tabID: "BBBBBBBBBBBBBBBBBBBBBB", now: now)
        }
        #expect(throws: CredentialSeal.Refusal.forged) {
            try CredentialSeal(key: .random()).open(sealed, tabID: "AAAAAAAAAAAAAAAAAAAAAA", now: now)
        }
        var bytes = Array(sealed.utf8)
        let middle = bytes.count / 2
        bytes[middle] = bytes[middle] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(throws: CredentialSeal.Refusal.forged) {
            try seal.open(String(decoding: bytes, as: UTF8.self), tabID: "AAAAAAAAAAAAAAAAAAAAAA", now: now)
        }
        for garbage in ["", "v1.", "v2." + sealed.dropFirst(3), String(sealed.dropLast(4)), sealed + "AAAA"] {
            #expect(throws: CredentialSeal.Refusal.forged) {
                try seal.open(garbage, tabID: "AAAAAAAAAAAAAAAAAAAAAA", now: now)
            }
        }
        #expect(throws: CredentialSeal.Refusal.forged) {
            try seal.open("v1." + String(repeating: "A", count: 70_000), tabID: "AAAAAAAAAAAAAAAAAAAAAA", now: now)
        }
    }

    @Test func expiresWithTheRetention() throws {
        let sealed = try CredentialSeal(key: key).seal(credential(expiresIn: 60))
        let seal = CredentialSeal(key: key)
        #expect(throws: Never.self) {
            try seal.open(sealed, tabID: "AAAAAAAAAAAAAAAAAAAAAA", now: now.addingTimeInterval(59))
        }
        #expect(throws: CredentialSeal.Refusal.expired) {
            try seal.open(sealed, tabID: "AAAAAAAAAAAAAAAAAAAAAA", now: now.addingTimeInterval(60))
        }
    }

    @Test func aKeyIsAtLeastSixteenBytesAndALineBreakAtItsEndDoesNotCount() throws {
        #expect(throws: ClusterKey.TooShort.self) { try ClusterKey(secret: Data("fifteen bytes!!\n".utf8)) }
        let fromFile = try ClusterKey(secret: Data("0123456789abcdef0123\r\n".utf8))
        let bare = try ClusterKey(secret: Data("0123456789abcdef0123".utf8))
        let sealed = try CredentialSeal(key: fromFile).seal(credential())
        #expect(throws: Never.self) {
            try CredentialSeal(key: bare).open(sealed, tabID: "AAAAAAAAAAAAAAAAAAAAAA", now: now)
        }
    }
}
