import Foundation

/// One item of an SDK reference: a type (`Message`), a method (`Message.isEqual(to:)`) or an enum case
/// (`ChatState.chatting`).
struct ReferenceItem: Hashable, Sendable {
    /// What the reference lists the item as.
    enum Kind: Sendable {
        case type
        case method
        case enumCase
    }

    let kind: Kind
    /// The normalized name: argument labels only (`changed(state:to:)`), lower camel case for cases.
    let name: String
    /// The name as the reference spells it (`QuotState.pending`, `ChatState.NONE`), which the table may quote.
    let spelling: String

    /// The type the item belongs to (the type itself for a type).
    var owner: String { String(name.prefix { $0 != "." }) }

    /// A case of an error enum (`…Error`, `…ErrorType`), the reference's "error cases".
    var isErrorCase: Bool { kind == .enumCase && (owner.hasSuffix("Error") || owner.hasSuffix("ErrorType")) }
}

/// Counts of one reference, over distinct item names.
struct ReferenceCounts: Equatable, Sendable, CustomStringConvertible {
    var types = 0
    var methods = 0
    var enumCases = 0
    var errorCases = 0

    init(types: Int, methods: Int, enumCases: Int, errorCases: Int) {
        (self.types, self.methods, self.enumCases, self.errorCases) = (types, methods, enumCases, errorCases)
    }

    init(_ items: [ReferenceItem]) {
        let distinct = Dictionary(items.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }).values
        types = distinct.count(where: { $0.kind == .type })
        methods = distinct.count(where: { $0.kind == .method })
        enumCases = distinct.count(where: { $0.kind == .enumCase })
        errorCases = distinct.count(where: \.isErrorCase)
    }

    var description: String {
        "\(types) types, \(methods) methods, \(enumCases) enum cases (\(errorCases) error cases)"
    }
}

/// Reads the two references' item lists and the README's coverage table.
enum ReferenceCoverageParsing {
    /// `name(label:label:)` from a reference's spelling of a method: parameter names after a label
    /// (`changed(state previousState:to newState:)`), commas and a missing last colon are dropped or added;
    /// no parentheses means no arguments.
    static func canonicalMethod(_ signature: Substring) -> String {
        let name = signature.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let open = signature.firstIndex(of: "("), let close = signature[open...].firstIndex(of: ")") else {
            return "\(name)()"
        }
        let labels = signature[signature.index(after: open)..<close]
            .replacing(",", with: " ")
            .split(separator: ":")
            .compactMap { piece in piece.split(separator: " ").first.map { "\($0):" } }
        return "\(name)(\(labels.joined()))"
    }

    /// `NO_CHAT` → `noChat`, `URL` → `url`; names already in camel case stay as they are.
    static func camelCase(_ name: Substring) -> String {
        guard name.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }) else { return String(name) }
        let words = name.lowercased().split(separator: "_")
        guard let first = words.first else { return "" }
        return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func removingSuffix(_ suffix: String, from text: Substring) -> Substring {
        text.hasSuffix(suffix) ? text.dropLast(suffix.count) : text
    }

    private static func removingPrefix(_ prefix: Regex<Substring>, from text: Substring) -> Substring {
        guard let match = text.prefixMatch(of: prefix) else { return text }
        return text[match.range.upperBound...].drop { $0 == " " }
    }

    /// The items of the EN reference's table of contents: `X class|protocol|enum` lines are types, lines
    /// nested under an enum are its cases, every other line is a method of the last class or protocol.
    static func englishTableOfContents(_ text: String) -> [ReferenceItem] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.contains("id=\"table-of-contents\"") }) else { return [] }
        var items: [ReferenceItem] = []
        var owner = ""
        var currentEnum: (name: String, indent: Int)?
        for line in lines[(start + 1)...] {
            if line.hasPrefix("<h2") { break }
            guard let entry = line.prefixMatch(of: /(\s*)-\s+\[(.*?)\]\(/) else { continue }
            let indent = entry.1.count
            let text = entry.2
            if let type = text.wholeMatch(of: /(\w+) (class|protocol|enum)/) {
                let name = String(type.1)
                items.append(ReferenceItem(kind: .type, name: name, spelling: name))
                if type.2 == "enum" {
                    currentEnum = (name, indent)
                } else {
                    owner = name
                    currentEnum = nil
                }
            } else if let currentEnum, indent > currentEnum.indent {
                let caseName = removingSuffix(" case", from: text)
                items.append(
                    ReferenceItem(
                        kind: .enumCase,
                        name: "\(currentEnum.name).\(caseName)",
                        spelling: "\(currentEnum.name).\(caseName)"
                    )
                )
            } else {
                currentEnum = nil
                let signature = removingSuffix(" method", from: removingPrefix(/(?:Class|Instance) method/, from: text))
                items.append(
                    ReferenceItem(
                        kind: .method,
                        name: "\(owner).\(canonicalMethod(signature))",
                        spelling: "\(owner).\(signature)"
                    )
                )
            }
        }
        return items
    }

    /// The items of the v3 reference: lines `Класс|Протокол|Перечисляемый тип X` are types, `Метод [экземпляра|класса]
    /// x(…)` methods and `Случай X` cases of the type above them. Description lines start the same words but go on in
    /// Cyrillic, so only a Latin name right after them makes an item.
    static func russianV3List(_ text: String) -> [ReferenceItem] {
        var items: [ReferenceItem] = []
        var owner = ""
        for rawLine in text.split(separator: "\n") {
            let line = rawLine.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if let type = line.wholeMatch(of: /(?:Класс|Протокол|[Пп]еречисляемый тип) ([A-Za-z]\w*)/) {
                owner = String(type.1)
                items.append(ReferenceItem(kind: .type, name: owner, spelling: owner))
            } else if let method = line.prefixMatch(of: /Метод(?: экземпляра| класса)? ([A-Za-z]\w*(?:\(.*?\))?)/) {
                items.append(
                    ReferenceItem(
                        kind: .method,
                        name: "\(owner).\(canonicalMethod(method.1))",
                        spelling: "\(owner).\(method.1)"
                    )
                )
            } else if let enumCase = line.wholeMatch(of: /[Сс]лучай ([A-Za-z]\w*)/) {
                items.append(
                    ReferenceItem(
                        kind: .enumCase,
                        name: "\(owner).\(camelCase(enumCase.1))",
                        spelling: "\(owner).\(enumCase.1)"
                    )
                )
            }
        }
        return items
    }
}

/// One row of the README's coverage table: `| \`Item\` | EN | v3 | Status |`.
struct CoverageRow: Sendable {
    let item: String
    /// `yes` (listed under the item's name), `—` (not listed), or the reference's own spelling in backticks.
    let english: String
    let v3: String
    let status: String

    /// A reference item the library does not have; such a row has no compiled symbol.
    var isNotImplemented: Bool { status.hasPrefix("deviation: not implemented") }
    var isDeviation: Bool { status.hasPrefix("deviation: ") && !isNotImplemented }
    var isAddition: Bool { status.hasPrefix("addition") }
    var isImplemented: Bool { status.hasPrefix("implemented") }

    /// The name of the item a column claims, or nil for `—`.
    static func claim(_ cell: String, item: String) -> String? {
        switch cell {
        case "yes": item
        case "—": nil
        default: cell.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
    }
}

/// The README of WebimClientLibrary, split into what the tests read.
struct CoverageReadme: Sendable {
    let rows: [CoverageRow]
    /// The numbers after a counts table's first cell (`| EN (table of contents) | 64 | … |`), by that cell.
    let counts: [String: [Int]]
    /// The items the per-item deviation list names first on each of its bullets.
    let listedDeviations: [String]

    init(_ text: String) {
        var rows: [CoverageRow] = []
        var counts: [String: [Int]] = [:]
        var listedDeviations: [String] = []
        var section = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("#") {
                section = line.trimmingCharacters(in: CharacterSet(charactersIn: "# "))
                continue
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if section == "Coverage table", cells.count == 4, cells[0].hasPrefix("`") {
                rows.append(
                    CoverageRow(
                        item: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                        english: cells[1],
                        v3: cells[2],
                        status: cells[3]
                    )
                )
            } else if section == "Counts", let label = cells.first, cells.count > 1 {
                let numbers = cells.dropFirst().compactMap { Int($0) }
                if numbers.count == cells.count - 1 { counts[label] = numbers }
            } else if section == "Per-item deviations", let bullet = line.prefixMatch(of: /- `([^`]+)`/) {
                listedDeviations.append(String(bullet.1))
            }
        }
        (self.rows, self.counts, self.listedDeviations) = (rows, counts, listedDeviations)
    }
}
