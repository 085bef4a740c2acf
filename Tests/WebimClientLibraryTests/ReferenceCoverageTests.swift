import Foundation
import Testing
import WebimClientLibrary

/// The repository root: this file is `Tests/WebimClientLibraryTests/ReferenceCoverageTests.swift`.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A file relative to the repository root.
private func readFile(_ relativePath: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(relativePath), encoding: .utf8)
}

private func loadReadme() throws -> CoverageReadme {
    CoverageReadme(try readFile("Sources/WebimClientLibrary/README.md"))
}

/// The two references the coverage table answers to, by the label of their row in the README's counts.
enum Reference: String, CaseIterable, Sendable {
    case english = "EN (table of contents)"
    case v3 = "v3 (item list)"

    /// Every item the reference lists, in its order, as `scripts/reference-items` recorded it in the repository.
    func items() throws -> [ReferenceItem] {
        try ReferenceItemFile.decode(try readFile(ReferenceItemFile.path(of: self)))
    }

    /// The item of this reference that a row's column names, or nil when the column says `—`.
    func claim(of row: CoverageRow) -> String? {
        CoverageRow.claim(self == .english ? row.english : row.v3, item: row.item)
    }
}

/// For each claim of a reference's column: the reference item it names (by normalized name or by the
/// reference's own spelling), or nil when the reference has no such item.
private func resolve(_ claims: [String], in items: [ReferenceItem]) -> [(claim: String, item: String?)] {
    var names: [String: String] = [:]
    for item in items {
        names[item.name] = item.name
        names[item.spelling] = item.name
    }
    return claims.map { ($0, names[$0]) }
}

@Suite("Reference coverage: the README's table against both SDK references and the compiled library")
struct ReferenceCoverageTests {
    @Test("reference spellings normalize to one item name")
    func referenceSpellingsNormalize() {
        #expect(
            ReferenceCoverageParsing.canonicalMethod("changed(state previousState:to newState:)")
                == "changed(state:to:)"
        )
        #expect(
            ReferenceCoverageParsing.canonicalMethod("onFailure(messageID:,error:)") == "onFailure(messageID:error:)"
        )
        #expect(
            ReferenceCoverageParsing.canonicalMethod("startChat(firstQuestion:customFields)")
                == "startChat(firstQuestion:customFields:)"
        )
        #expect(ReferenceCoverageParsing.canonicalMethod("closeChat() (@available(*, deprecated))") == "closeChat()")
        #expect(ReferenceCoverageParsing.canonicalMethod("getAuthorID") == "getAuthorID()")
        #expect(ReferenceCoverageParsing.camelCase("SERVER_IS_NOT_AVAILABLE") == "serverIsNotAvailable")
        #expect(ReferenceCoverageParsing.camelCase("URL") == "url")
        #expect(ReferenceCoverageParsing.camelCase("stickerVisitor") == "stickerVisitor")
    }

    @Test("the README's counts are the reference's", arguments: Reference.allCases)
    func readmeCountsMatchTheReference(_ reference: Reference) throws {
        let counts = ReferenceCounts(try reference.items())
        let stated = try #require(
            try loadReadme().counts[reference.rawValue],
            "no counts row for \(reference.rawValue)"
        )
        #expect(stated == [counts.types, counts.methods, counts.enumCases, counts.errorCases], "parsed: \(counts)")
    }

    @Test("every item of the reference has exactly one row", arguments: Reference.allCases)
    func everyReferenceItemHasOneRow(_ reference: Reference) throws {
        let items = try reference.items()
        let claimed = resolve(try loadReadme().rows.compactMap { reference.claim(of: $0) }, in: items).compactMap(
            \.item
        )
        let rowsByItem = Dictionary(grouping: claimed, by: { $0 })
        let missing = items.map(\.name).filter { rowsByItem[$0] == nil }
        let repeated = rowsByItem.filter { $0.value.count > 1 }.keys.sorted()
        #expect(missing.isEmpty, "\(reference.rawValue) items without a row: \(missing)")
        #expect(repeated.isEmpty, "\(reference.rawValue) items with several rows: \(repeated)")
    }

    @Test("every row's claim on the reference names an item of it", arguments: Reference.allCases)
    func everyClaimIsAReferenceItem(_ reference: Reference) throws {
        let claims = try loadReadme().rows.compactMap { reference.claim(of: $0) }
        let unknown = resolve(claims, in: try reference.items()).filter { $0.item == nil }.map(\.claim)
        #expect(unknown.isEmpty, "rows claim items \(reference.rawValue) does not list: \(unknown)")
    }

    @Test("every row has a compiled symbol, every symbol a row, and a not-implemented row none")
    func everyRowHasACompiledSymbol() throws {
        let rows = try loadReadme().rows
        let symbols = ReferenceCoverageSymbols.all()
        let expected = Set(rows.filter { !$0.isNotImplemented }.map(\.item))
        let compiled = Set(symbols.symbols.keys)
        #expect(!rows.isEmpty, "the README has no coverage table")
        #expect(expected.subtracting(compiled).sorted() == [], "rows without a symbol")
        #expect(compiled.subtracting(expected).sorted() == [], "symbols without a row (or marked not implemented)")
        #expect(symbols.duplicates == [], "symbols added twice")
    }

    @Test("every row is one item with a known status; additions claim no reference item")
    func everyRowHasAKnownStatus() throws {
        let rows = try loadReadme().rows
        let items = rows.map(\.item)
        #expect(Set(items).count == items.count, "items with several rows")
        for row in rows {
            let kinds = [row.isImplemented, row.isDeviation, row.isNotImplemented, row.isAddition]
            #expect(kinds.count(where: { $0 }) == 1, "\(row.item): unknown status \"\(row.status)\"")
            let claimsReference = Reference.allCases.contains { $0.claim(of: row) != nil }
            #expect(claimsReference != row.isAddition, "\(row.item): an addition is exactly a row of neither reference")
        }
    }

    @Test("the README's coverage counts are the table's")
    func coverageCountsMatchTheTable() throws {
        let readme = try loadReadme()
        let rows = readme.rows
        let computed = [
            rows.count,
            rows.count(where: { !$0.isAddition }),
            rows.count(where: { $0.english == "—" && $0.v3 != "—" }),
            rows.count(where: \.isImplemented),
            rows.count(where: \.isDeviation),
            rows.count(where: \.isNotImplemented),
            rows.count(where: \.isAddition),
        ]
        #expect(readme.counts["coverage table"] == computed)
    }

    @Test("every deviation row is on the per-item deviation list, and nothing else is")
    func everyDeviationIsListed() throws {
        let readme = try loadReadme()
        let deviations = readme.rows.filter { $0.isDeviation || $0.isNotImplemented }.map(\.item)
        #expect(readme.listedDeviations.sorted() == deviations.sorted())
    }
}
