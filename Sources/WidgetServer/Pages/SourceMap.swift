import Foundation

/// The source map (version 3) of a compacted script or stylesheet: every place where a line of the original
/// begins its code points back at that line, and the original travels inside the map (`sourcesContent`), so
/// the browser's tools show `Public/`'s file and its line numbers with nothing else to fetch.
enum SourceMap {
    /// The map's JSON. `sourcePath` names the original as the tools list it (`/Public/js/main.js`).
    static func json(for compacted: SourceCompactor.Compacted, source: [UInt8], sourcePath: String) throws -> Data {
        let map = Document(
            file: String(sourcePath.split(separator: "/").last ?? ""),
            sources: [sourcePath],
            sourcesContent: [String(decoding: source, as: UTF8.self)],
            mappings: mappings(compacted.lineStarts, generated: compacted.code, source: source)
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return try encoder.encode(map)
    }

    struct Document: Encodable {
        var version = 3
        var file: String
        var sources: [String]
        var sourcesContent: [String]
        var names: [String] = []
        var mappings: String
    }

    /// The `mappings` field: generated lines separated by `;`, segments by `,`, each segment the Base64 VLQ of
    /// (generated column, source index, source line, source column), every field but the first relative to
    /// the segment before it (the generated column only within its line).
    static func mappings(_ starts: [(generated: Int, source: Int)], generated: [UInt8], source: [UInt8]) -> String {
        var generatedPositions = Positions(text: generated)
        var sourcePositions = Positions(text: source)
        var text = ""
        var line = 0
        var previousColumn = 0
        var previousSource = (line: 0, column: 0)
        for start in starts {
            let target = generatedPositions.position(of: start.generated)
            let origin = sourcePositions.position(of: start.source)
            if target.line > line {
                text += String(repeating: ";", count: target.line - line)
                line = target.line
                previousColumn = 0
            } else if !text.isEmpty, text.last != ";" {
                text += ","
            }
            text +=
                vlq(target.column - previousColumn) + vlq(0) + vlq(origin.line - previousSource.line)
                + vlq(origin.column - previousSource.column)
            previousColumn = target.column
            previousSource = origin
        }
        return text
    }

    /// Line and UTF-16 column of byte offsets asked for in increasing order, in one pass over the text.
    struct Positions {
        let text: [UInt8]
        var offset = 0
        var line = 0
        var column = 0

        init(text: [UInt8]) {
            self.text = text
        }

        mutating func position(of target: Int) -> (line: Int, column: Int) {
            while offset < min(target, text.count) {
                let byte = text[offset]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 0
                } else if byte & 0xC0 != 0x80 {
                    // Columns count UTF-16 units: one per character, two past U+FFFF (a four-byte sequence).
                    column += byte >= 0xF0 ? 2 : 1
                }
                offset += 1
            }
            return (line, column)
        }
    }

    static let base64 = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    /// One number as Base64 VLQ: the sign in the lowest bit, then five bits per digit, lowest first.
    static func vlq(_ number: Int) -> String {
        var value = number < 0 ? (-number << 1) | 1 : number << 1
        var digits = ""
        repeat {
            var digit = value & 31
            value >>= 5
            if value > 0 { digit |= 32 }
            digits.append(base64[digit])
        } while value > 0
        return digits
    }
}
