import Foundation
import PrivateFiles
import TestSupport
import Testing

/// Folders 0700 and files 0600 whatever the umask, and an older version's readable data narrowed.
@Suite struct PrivateFilesTests {
    @Test func aMissingFolderAndItsMissingParentsAreMadePrivate() async throws {
        try await withTemporaryDirectory { root in
            let folder = root.appendingPathComponent("data/widget/tabs")
            try PrivateFiles.makeFolder(at: folder)
            for path in ["data", "data/widget", "data/widget/tabs"] {
                #expect(try mode(root.appendingPathComponent(path)) == 0o700, "\(path)")
            }
        }
    }

    @Test func anExistingOpenFolderIsNarrowed() async throws {
        try await withTemporaryDirectory { root in
            let folder = root.appendingPathComponent("widget")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try setMode(0o755, folder)
            try PrivateFiles.makeFolder(at: folder)
            #expect(try mode(folder) == 0o700)
        }
    }

    @Test func aDatabaseIsMadePrivateBeforeSQLiteOpensIt() async throws {
        try await withTemporaryDirectory { root in
            let path = root.appendingPathComponent("widget/history.sqlite").path
            try PrivateFiles.prepareDatabase(atPath: path)
            #expect(try mode(URL(fileURLWithPath: path)) == 0o600)
            #expect(try mode(root.appendingPathComponent("widget")) == 0o700)
            #expect(FileManager.default.contents(atPath: path)?.isEmpty == true)
        }
    }

    @Test func anOlderDatabaseAndItsLogAreNarrowedAndKept() async throws {
        try await withTemporaryDirectory { root in
            let path = root.appendingPathComponent("history.sqlite").path
            for suffix in ["", "-wal", "-shm"] {
                #expect(FileManager.default.createFile(atPath: path + suffix, contents: Data("rows".utf8)))
                try setMode(0o644, URL(fileURLWithPath: path + suffix))
            }
            try PrivateFiles.prepareDatabase(atPath: path)
            for suffix in ["", "-wal", "-shm"] {
                #expect(try mode(URL(fileURLWithPath: path + suffix)) == 0o600, "\(suffix)")
                #expect(FileManager.default.contents(atPath: path + suffix) == Data("rows".utf8))
            }
        }
    }

    @Test func aWrittenFileIsPrivate() async throws {
        try await withTemporaryDirectory { root in
            let file = root.appendingPathComponent("tab.json")
            try PrivateFiles.write(Data("{}".utf8), to: file)
            #expect(try mode(file) == 0o600)
        }
    }

    @Test func anOlderVersionsTreeIsNarrowedWithoutFollowingLinks() async throws {
        try await withTemporaryDirectory { root in
            let outside = root.appendingPathComponent("outside")
            #expect(FileManager.default.createFile(atPath: outside.path, contents: Data()))
            try setMode(0o644, outside)
            let data = root.appendingPathComponent("widget")
            let tab = data.appendingPathComponent("tabs/tab-1")
            try FileManager.default.createDirectory(at: tab, withIntermediateDirectories: true)
            let files = [data.appendingPathComponent("history.sqlite"), tab.appendingPathComponent("tab.json")]
            for file in files { #expect(FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8))) }
            let link = tab.appendingPathComponent("link")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
            for folder in [data, data.appendingPathComponent("tabs"), tab] { try setMode(0o755, folder) }
            for file in files { try setMode(0o644, file) }

            try PrivateFiles.narrowTree(at: data)

            for folder in [data, data.appendingPathComponent("tabs"), tab] { #expect(try mode(folder) == 0o700) }
            for file in files { #expect(try mode(file) == 0o600) }
            // A link may point anywhere; what it points at is not the server's to change.
            #expect(try mode(outside) == 0o644)
        }
    }

    private func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }

    private func setMode(_ mode: Int, _ url: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }
}
