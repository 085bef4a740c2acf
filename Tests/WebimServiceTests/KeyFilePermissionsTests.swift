import Foundation
import TestSupport
import Testing
import WebimService

/// A key file given on the command line is used only when its owner alone may read it; the server's own secrets
/// are narrowed instead, since it made them.
@Suite struct KeyFilePermissionsTests {
    @Test(arguments: [0o640, 0o604, 0o620, 0o644])
    func aKeyOthersMayReachIsRefusedNamingItsFileAndMode(mode: Int) async throws {
        try await withTemporaryDirectory { root in
            let key = try makeKey(in: root, mode: mode)
            let error = try #require(throws: SecretFile.Unusable.self) { try SecretFile.loadGiven(at: key) }
            #expect(error.description.contains(key.path))
            #expect(error.description.contains("0\(String(mode, radix: 8)) are too open"))
            // Left as it was: the person who gave it must see that it was exposed.
            #expect(try self.mode(key) == mode)
        }
    }

    @Test(arguments: [0o600, 0o400])
    func aKeyOnlyItsOwnerMayReadIsUsed(mode: Int) async throws {
        try await withTemporaryDirectory { root in
            let key = try makeKey(in: root, mode: mode)
            #expect(try SecretFile.loadGiven(at: key) == Self.secret)
        }
    }

    @Test func aSystemdCredentialIsUsedThoughItsReadACLShowsAsGroupBits() async throws {
        try await withTemporaryDirectory { root in
            let key = try makeKey(in: root, mode: 0o440)
            #expect(throws: SecretFile.Unusable.self) { try KeyFilePermissions.check(key, environment: [:]) }
            try KeyFilePermissions.check(key, environment: ["CREDENTIALS_DIRECTORY": root.path])
            let elsewhere = ["CREDENTIALS_DIRECTORY": root.appendingPathComponent("other").path]
            #expect(throws: SecretFile.Unusable.self) { try KeyFilePermissions.check(key, environment: elsewhere) }
        }
    }

    @Test func theServersOwnSecretLeftOpenByAnOlderVersionIsNarrowed() async throws {
        try await withTemporaryDirectory { root in
            let key = try makeKey(in: root, mode: 0o644)
            #expect(try SecretFile.load(at: key) == Self.secret)
            #expect(try mode(key) == 0o600)
        }
    }

    private static let secret = "a-secret-of-more-than-sixteen-bytes"

    private func makeKey(in root: URL, mode: Int) throws -> URL {
        let key = root.appendingPathComponent("key")
        try Data((Self.secret + "\n").utf8).write(to: key)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: key.path)
        return key
    }

    private func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }
}
