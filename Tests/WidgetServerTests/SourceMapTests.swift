import Foundation
import TestSupport
import Testing

@testable import WidgetServer

/// A compacted file's source map points every line of the original that holds code at the place in the
/// served file where that code now starts, so the browser's tools show `Public/`'s lines.
@Suite struct SourceMapTests {
    /// One decoded segment: generated line and column, source line and column (columns in UTF-16 units).
    struct Segment: Equatable {
        var line: Int
        var column: Int
        var sourceLine: Int
        var sourceColumn: Int
    }

    @Test func eachSegmentPointsAtTheSameCharacterInBothFiles() throws {
        let publicJS = repositoryRoot.appendingPathComponent("Public/js")
        for name in ["session.js", "components/transcript.js", "dom.js"] {
            let source = try String(contentsOf: publicJS.appendingPathComponent(name), encoding: .utf8)
            try checkMap(of: source, as: .javaScript, name: name)
        }
        // Non-ASCII before a segment on its line: columns count UTF-16 units, not bytes.
        try checkMap(of: "const a = '✓✓'; const b = '📎';\nconst c = 1;\n  f(c)", as: .javaScript, name: "ticks")
        try checkMap(of: "a {\n  color: red;\n}\n/* why */\nb { margin: 0; }\n", as: .css, name: "css")
    }

    @Test func theMapCarriesTheOriginalAndNamesItsPath() throws {
        let source = "// why\nconst x = 1;\n"
        let compacted = SourceCompactor.compact(Array(source.utf8), as: .javaScript)
        let data = try SourceMap.json(for: compacted, source: Array(source.utf8), sourcePath: "/Public/js/x.js")
        let map = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(map["version"] as? Int == 3)
        #expect(map["sources"] as? [String] == ["/Public/js/x.js"])
        #expect(map["sourcesContent"] as? [String] == [source])
        #expect(map["mappings"] as? String == "AACA")
    }

    @Test func numbersAreBase64VLQ() {
        // The examples of the source map specification's VLQ encoding.
        #expect(SourceMap.vlq(0) == "A")
        #expect(SourceMap.vlq(1) == "C")
        #expect(SourceMap.vlq(-1) == "D")
        #expect(SourceMap.vlq(15) == "e")
        #expect(SourceMap.vlq(16) == "gB")
        #expect(SourceMap.vlq(-17) == "jB")
        #expect(SourceMap.vlq(1000) == "w+B")
    }

    func checkMap(of source: String, as language: SourceCompactor.Language, name: String) throws {
        let compacted = SourceCompactor.compact(Array(source.utf8), as: language)
        let data = try SourceMap.json(for: compacted, source: Array(source.utf8), sourcePath: "/Public/\(name)")
        let map = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let segments = Self.decode(try #require(map["mappings"] as? String))
        let generatedLines = String(decoding: compacted.code, as: UTF8.self).split(
            separator: "\n",
            omittingEmptySubsequences: false
        )
        .map { Array($0.utf16) }
        let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf16) }
        for segment in segments {
            let generated = generatedLines[segment.line]
            let original = sourceLines[segment.sourceLine]
            #expect(segment.column < generated.count && segment.sourceColumn < original.count, "\(name): \(segment)")
            guard segment.column < generated.count, segment.sourceColumn < original.count else { continue }
            #expect(generated[segment.column] == original[segment.sourceColumn], "\(name): \(segment)")
        }
        // Every source line with code outside comments and template text has a segment.
        let mapped = Set(segments.map(\.sourceLine))
        let codeLines = sourceLines.indices.filter { index in
            let text = String(decoding: sourceLines[index], as: UTF16.self).trimmingCharacters(in: .whitespaces)
            return !text.isEmpty && !["//", "/*", "*"].contains { text.hasPrefix($0) }
        }
        #expect(
            Set(codeLines).subtracting(mapped).isEmpty,
            "\(name): unmapped lines \(Set(codeLines).subtracting(mapped).sorted())"
        )
    }

    /// Decodes `mappings` (four fields per segment, each but the generated column relative to the segment before).
    static func decode(_ mappings: String) -> [Segment] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var segments: [Segment] = []
        var sourceLine = 0
        var sourceColumn = 0
        for (line, text) in mappings.split(separator: ";", omittingEmptySubsequences: false).enumerated() {
            var column = 0
            for field in text.split(separator: ",") {
                var numbers: [Int] = []
                var value = 0
                var shift = 0
                for character in field {
                    let digit = alphabet.firstIndex(of: character)!
                    value |= (digit & 31) << shift
                    if digit & 32 != 0 {
                        shift += 5
                    } else {
                        numbers.append(value & 1 == 1 ? -(value >> 1) : value >> 1)
                        value = 0
                        shift = 0
                    }
                }
                column += numbers[0]
                sourceLine += numbers[2]
                sourceColumn += numbers[3]
                segments.append(Segment(line: line, column: column, sourceLine: sourceLine, sourceColumn: sourceColumn))
            }
        }
        return segments
    }
}
