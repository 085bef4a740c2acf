public import Foundation

/// A fresh folder under the system's temporary directory, deleted after `body`.
public func withTemporaryDirectory<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("webim-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
}

/// The checkout's root, for `Public/`, `Templates/` and `Scenarios/`.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
