import Foundation
import Testing

/// The item lists of the two SDK references, kept in the repository so that a clone tests its coverage table on its
/// own: one item a line, `kind<TAB>name<TAB>spelling`. `scripts/reference-items DIR` writes them anew from the
/// reference files in DIR through `ReferenceItemExport` below.
enum ReferenceItemFile {
    /// Where a reference's list lives, relative to the repository root.
    static func path(of reference: Reference) -> String {
        switch reference {
        case .english: "Tests/WebimClientLibraryTests/ReferenceItems/webim-ios-sdk-reference.en.tsv"
        case .v3: "Tests/WebimClientLibraryTests/ReferenceItems/webim-ios-sdk-v3-reference.ru.tsv"
        }
    }

    /// The reference file a list is read from, by its name in the references' folder.
    static func sourceName(of reference: Reference) -> String {
        switch reference {
        case .english: "webim-ios-sdk-reference.en.md"
        case .v3: "webim-ios-sdk-v3-reference.ru.txt"
        }
    }

    /// The parser that reads a reference's own text.
    static func parse(_ text: String, as reference: Reference) -> [ReferenceItem] {
        switch reference {
        case .english: ReferenceCoverageParsing.englishTableOfContents(text)
        case .v3: ReferenceCoverageParsing.russianV3List(text)
        }
    }

    static func encode(_ items: [ReferenceItem]) -> String {
        items.map { "\(name(of: $0.kind))\t\($0.name)\t\($0.spelling)\n" }.joined()
    }

    static func decode(_ text: String) throws -> [ReferenceItem] {
        try text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, let kind = kind(named: fields[0]) else { throw Malformed(line: String(line)) }
            return ReferenceItem(kind: kind, name: String(fields[1]), spelling: String(fields[2]))
        }
    }

    struct Malformed: Error, CustomStringConvertible {
        var line: String
        var description: String { "a reference item line is not kind<TAB>name<TAB>spelling: \(line)" }
    }

    private static func name(of kind: ReferenceItem.Kind) -> String {
        switch kind {
        case .type: "type"
        case .method: "method"
        case .enumCase: "case"
        }
    }

    private static func kind(named name: Substring) -> ReferenceItem.Kind? {
        switch name {
        case "type": .type
        case "method": .method
        case "case": .enumCase
        default: nil
        }
    }
}

/// Writes the item lists from the references in `WEBIM_REFERENCE_DIR`; runs only when `scripts/reference-items`
/// sets it, so the suite itself never reads outside the repository.
@Suite("Reference item lists")
struct ReferenceItemExport {
    static let referenceDirectory = ProcessInfo.processInfo.environment["WEBIM_REFERENCE_DIR"]

    @Test(
        "the lists are written anew from the references",
        .enabled(if: referenceDirectory != nil, "only scripts/reference-items runs it"),
        arguments: Reference.allCases
    )
    func writeList(_ reference: Reference) throws {
        let directory = URL(fileURLWithPath: try #require(Self.referenceDirectory), isDirectory: true)
        let text = try String(
            contentsOf: directory.appendingPathComponent(ReferenceItemFile.sourceName(of: reference)),
            encoding: .utf8
        )
        let items = ReferenceItemFile.parse(text, as: reference)
        #expect(!items.isEmpty, "no items parsed from \(ReferenceItemFile.sourceName(of: reference))")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let target = root.appendingPathComponent(ReferenceItemFile.path(of: reference))
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        try ReferenceItemFile.encode(items).write(to: target, atomically: true, encoding: .utf8)
        #expect(try ReferenceItemFile.decode(String(contentsOf: target, encoding: .utf8)) == items)
    }
}
