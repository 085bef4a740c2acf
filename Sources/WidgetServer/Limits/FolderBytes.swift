import Foundation

/// The bytes of the regular files under a folder, at any depth: what a kept tab's data takes (`TabStorage`) and what
/// the whole data folder holds against its budget (`DataFolderBudget`).
enum FolderBytes {
    /// The sum of the sizes of every regular file under `folder`; 0 when it cannot be read.
    static func under(_ folder: URL) -> Int64 {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return 0 }
        var total: Int64 = 0
        while let path = walker.nextObject() as? String {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
            if attributes?[.type] as? FileAttributeType == .typeRegular {
                total += (attributes?[.size] as? NSNumber)?.int64Value ?? 0
            }
        }
        return total
    }
}
