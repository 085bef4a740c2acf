public import Foundation

/// How many times `text` occurs in the bytes of every file under `directory`: what an erasure must leave none of.
public func occurrencesOnDisk(of text: String, under directory: URL) -> Int {
    let needle = Data(text.utf8)
    guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return 0 }
    var found = 0
    while let file = files.nextObject() as? URL {
        guard let data = try? Data(contentsOf: file) else { continue }
        var start = data.startIndex
        while let range = data.range(of: needle, in: start..<data.endIndex) {
            found += 1
            start = range.upperBound
        }
    }
    return found
}
