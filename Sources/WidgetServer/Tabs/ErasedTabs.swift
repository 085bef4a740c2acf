import Crypto
import Foundation
import PrivateFiles

/// The tabs this server erased (a kiosk's reset, consent withdrawn), remembered for as long as a credential sealed
/// for them could still be valid: a page that brings one back gets a new visitor, never the erased one.
///
/// Each is an empty file named by the SHA-256 of the tab id, so that the folder names no tab (a tab id reads its
/// chat); its modification time is when the tab was erased.
struct ErasedTabs: Sendable {
    /// The folder of the marks.
    let directory: URL

    /// Remembers that `tabID` was erased now.
    func record(tabID: String) throws {
        try PrivateFiles.makeFolder(at: directory)
        try PrivateFiles.write(Data(), to: mark(of: tabID))
    }

    /// Whether `tabID` was erased here (and not yet forgotten).
    func contains(tabID: String) -> Bool { FileManager.default.fileExists(atPath: mark(of: tabID).path) }

    /// Forgets the tabs erased before `cutoff`: every credential sealed for them has expired since.
    func forget(erasedBefore cutoff: Date) {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names {
            let url = directory.appendingPathComponent(name)
            guard let erased = (try? files.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date,
                erased < cutoff
            else { continue }
            try? files.removeItem(at: url)
        }
    }

    private func mark(of tabID: String) -> URL {
        let digest = SHA256.hash(data: Data(tabID.utf8)).map { String(format: "%02x", $0) }.joined()
        return directory.appendingPathComponent(digest)
    }
}
