import Foundation
import TestSupport
import Testing
import WebimWire
import Yams

@testable import WebimService

/// The scenario files' decoder reads a document as Yams' own decoder does, and names where a document is wrong.
@Suite struct YAMLNodeDecoderTests {
    private struct Sample: Decodable, Equatable {
        struct Item: Decodable, Equatable {
            var label: String
            var weight: Double?
        }

        var name: String
        var count: Int
        var ratio: Double
        var flags: [Bool]
        var quotedFlag: String
        var numberAsText: String
        var missing: String?
        var explicitNull: Int?
        var quotedNull: String?
        var items: [Item]
        var byKey: [String: [Item]]
        var copied: Item
        var merged: Item
        var kind: Kind
    }

    private enum Kind: String, Decodable { case first, second }

    private let document = """
        name: Sample
        count: 0x1F
        ratio: 1.5
        flags: [true, yes, off, False]
        quotedFlag: "yes"
        numberAsText: 42
        explicitNull: ~
        quotedNull: 'null'
        items:
          - &base { label: one, weight: 2 }
          - label: two
        byKey:
          a: [{ label: three }]
          b: []
        copied: *base
        merged:
          <<: *base
          label: four
        kind: second

        """

    @Test func readsADocumentAsYamsDoes() throws {
        let ours = try YAMLNodeDecoder.decode(Sample.self, from: Data(document.utf8))
        let yams = try YAMLDecoder().decode(Sample.self, from: Data(document.utf8))
        #expect(ours == yams)
        #expect(ours.count == 31 && ours.flags == [true, true, false, false] && ours.quotedFlag == "yes")
        #expect(ours.numberAsText == "42" && ours.missing == nil && ours.explicitNull == nil)
        #expect(ours.quotedNull == "null")
        #expect(ours.merged == .init(label: "four", weight: 2) && ours.copied == .init(label: "one", weight: 2))
        #expect(ours.byKey == ["a": [.init(label: "three")], "b": []])
    }

    @Test func aMissingKeyIsNamedWithItsPath() {
        let text = "name: x\ncount: 1\nratio: 1\nflags: []\nquotedFlag: a\nnumberAsText: b\nitems: [{ weight: 1 }]\n"
        #expect {
            try YAMLNodeDecoder.decode(Sample.self, from: Data(text.utf8))
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "label" && context.codingPath.map(\.stringValue) == ["items", "Index 0"]
        }
    }

    @Test func aValueOfTheWrongKindIsNamedWithItsPath() {
        let required = [
            "name: x", "count: 1", "ratio: 1", "flags: []", "quotedFlag: a", "numberAsText: b", "items: []",
            "byKey: {}", "copied: { label: c }", "merged: { label: m }", "kind: first",
        ]
        for (line, path) in [
            ("count: many", ["count"]),
            ("count: [1]", ["count"]),
            ("items: { label: x }", ["items"]),
            ("flags: [maybe]", ["flags", "Index 0"]),
            ("kind: third", ["kind"]),
        ] {
            let key = line.prefix { $0 != ":" }
            let text = (required.filter { !$0.hasPrefix(key + ":") } + [line]).joined(separator: "\n")
            do {
                _ = try YAMLNodeDecoder.decode(Sample.self, from: Data(text.utf8))
                Issue.record("\(line): decoded")
            } catch DecodingError.typeMismatch(_, let context), DecodingError.dataCorrupted(let context) {
                #expect(context.codingPath.map(\.stringValue) == path, "\(line)")
            } catch {
                Issue.record("\(line): \(error)")
            }
        }
    }

    @Test func brokenYAMLAndTextThatIsNotUTF8AreRefused() {
        #expect(throws: DecodingError.self) { try YAMLNodeDecoder.decode(Sample.self, from: Data("a: [b\n".utf8)) }
        #expect(throws: DecodingError.self) { try YAMLNodeDecoder.decode(Sample.self, from: Data([0xFF, 0xFE, 0x00])) }
    }
}

/// Every scenario file of the repository reads the same through both decoders, down to the last field.
@Suite struct ScenarioFilesDecodeAsYamsReadsThem {
    @Test func everyScenarioFileReadsTheSame() throws {
        let folder = repositoryRoot.appendingPathComponent("Scenarios")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "yaml" }
        #expect(files.count > 10)
        var seen: Set<String> = []
        for file in files {
            let data = try Data(contentsOf: file)
            let ours = try canonical(YAMLNodeDecoder.decode(Scenario.self, from: data))
            #expect(ours == canonical(try YAMLDecoder().decode(Scenario.self, from: data)), "\(file.lastPathComponent)")
            seen.insert(ours)
        }
        // The comparison sees what differs: no two files are written out alike.
        #expect(seen.count == files.count)
        let states = folder.appendingPathComponent("fixtures/states.yaml")
        let named = try YAMLNodeDecoder.decode([NamedState].self, from: Data(contentsOf: states))
        #expect(try named == YAMLDecoder().decode([NamedState].self, from: Data(contentsOf: states)))
        #expect(!named.isEmpty)
    }

    /// Every field of `value` written out, a dictionary's entries in order of their text (its own order depends on
    /// how it was filled).
    private func canonical(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.children.isEmpty { return String(reflecting: value) }
        var parts = mirror.children.map { "\($0.label ?? ""): \(canonical($0.value))" }
        if mirror.displayStyle == .dictionary { parts.sort() }
        return "\(mirror.subjectType)(\(parts.joined(separator: ", ")))"
    }
}
