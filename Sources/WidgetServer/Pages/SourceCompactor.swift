/// What the page's scripts, stylesheets and templates leave behind on their way to the browser: comments,
/// indentation, and the spaces and line breaks that no token needs.
///
/// The page has no build step and `Public/` is served as written, minus what only a reader of the file needs:
/// the JSDoc and comments that explain the page. It earns its place compressed too: the first load's 26 files
/// gzip to 29.7 KB compacted against 54.2 KB as written (45 % less; the kiosk's 37 files 38.3 against 70.1 KB;
/// Benchmarks/RESULTS.md, issue 36). A line break goes only where it cannot matter: after `;`, `{`,
/// `,`, `(`, `[`, `=`, `:`, `?`, `&` or `|`, or before `}`, `)`, `]`, `.`, `?`, `:`, `,` or `;` (no statement
/// ends there, so no semicolon is inserted either way); in CSS every one goes. Each compacted file comes with
/// a source map (`SourceMap`), so the browser's tools still show and point at the file in `Public/`. Strings,
/// template literals and regular expressions pass through untouched.
enum SourceCompactor {
    /// The language decides what starts a comment (CSS has no `//` comments and no regular expressions) and
    /// which spaces and line breaks between tokens matter. JSON is compacted as JavaScript: it has neither
    /// comments nor regular expressions, and its strings are copied whole.
    enum Language {
        case javaScript
        case css
    }

    /// A compacted file and, for its source map, where each source line's code landed in it.
    struct Compacted {
        var code: [UInt8]
        /// Byte offsets: `generated` in `code`, `source` in the original, in increasing order.
        var lineStarts: [(generated: Int, source: Int)]
    }

    /// A page template without its indentation. Its text is HTML, where a run of spaces at a line's start
    /// renders as the line break before it does; the page's templates have no `<pre>` and no textarea text,
    /// the only places where it would show. Line breaks stay, so spaces between inline elements stay too.
    static func stripIndentation(_ template: String) -> String {
        template.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.drop { $0 == " " || $0 == "\t" } }
            .joined(separator: "\n")
    }

    static func compact(_ source: String, as language: Language) -> String {
        String(decoding: compact(Array(source.utf8), as: language).code, as: UTF8.self)
    }

    static func compact(_ source: [UInt8], as language: Language) -> Compacted {
        var compactor = Compactor(source: source, language: language)
        compactor.run()
        return Compacted(code: compactor.output, lineStarts: compactor.lineStarts)
    }
}

/// One pass over the source, byte by byte; every construct that may hold `//`, `/*` or a quote is copied or
/// skipped whole. Spaces and line breaks between tokens are held back (`pending`) and decided when the next
/// token's first byte is written, since only both neighbours tell whether one is needed.
private struct Compactor {
    /// What separated the last token written from the next one in the source.
    enum Separator {
        case none
        case space
        case lineBreak
    }

    let source: [UInt8]
    let language: SourceCompactor.Language
    var output: [UInt8] = []
    var lineStarts: [(generated: Int, source: Int)] = []
    var index = 0
    var pending = Separator.lineBreak
    /// Open template literals: for each, the depth of `{` inside its current `${…}` (JavaScript only).
    var templates: [Int] = []

    init(source: [UInt8], language: SourceCompactor.Language) {
        self.source = source
        self.language = language
        output.reserveCapacity(source.count)
    }

    mutating func run() {
        while index < source.count {
            let byte = source[index]
            let next = index + 1 < source.count ? source[index + 1] : 0
            switch byte {
            case .newline:
                pending = .lineBreak
                index += 1
            case .space, .tab, .carriageReturn:
                if pending == .none { pending = .space }
                index += 1
            case .slash where next == .asterisk:
                skipBlockComment()
            case .slash where next == .slash && language == .javaScript:
                while index < source.count, source[index] != .newline { index += 1 }
            case .slash where language == .javaScript && startsRegularExpression():
                copyRegularExpression()
            case .quote, .apostrophe:
                copyString(closedBy: byte)
            case .backtick where language == .javaScript:
                copyByte()
                copyTemplateText()
            case .openBrace where !templates.isEmpty:
                templates[templates.count - 1] += 1
                copyByte()
            case .closeBrace where !templates.isEmpty:
                if templates[templates.count - 1] == 0 {
                    // The end of a `${…}`: back to the template literal's text.
                    templates.removeLast()
                    copyByte()
                    copyTemplateText()
                } else {
                    templates[templates.count - 1] -= 1
                    copyByte()
                }
            default:
                copyByte()
            }
        }
    }

    /// Writes the byte at `index`, after whatever separator it needs from the byte before it.
    mutating func copyByte() {
        let byte = source[index]
        if let previous = output.last, pending != .none {
            let following = index + 1 < source.count ? source[index + 1] : 0
            if pending == .lineBreak && !joinsLines(previous, byte, following) {
                output.append(.newline)
            } else if needsSpace(between: previous, and: byte) {
                output.append(.space)
            }
        }
        // The first byte of a source line's code: where the source map points that line.
        if pending == .lineBreak { lineStarts.append((output.count, index)) }
        pending = .none
        output.append(byte)
        index += 1
    }

    /// Whether the line break between `previous` and `next` can go: never in JavaScript where a statement may
    /// end (a break there may insert a semicolon, or end `return`), always in CSS.
    func joinsLines(_ previous: UInt8, _ next: UInt8, _ afterNext: UInt8) -> Bool {
        guard language == .javaScript else { return true }
        if Array(";{,([=:?&|".utf8).contains(previous) { return true }
        if next == .dot { return !Self.isDigit(afterNext) }  // `.5` on a new line is a number, not a member
        return Array("})]?:,;".utf8).contains(next)
    }

    func needsSpace(between previous: UInt8, and next: UInt8) -> Bool {
        switch language {
        case .javaScript: Self.javaScriptNeedsSpace(between: previous, and: next)
        case .css: Self.cssNeedsSpace(between: previous, and: next)
        }
    }

    /// Two words stay apart; so do `+ +` and `- -` (not `++`), `/ /` and `/ *` (not a comment), and `1 .x`.
    static func javaScriptNeedsSpace(between previous: UInt8, and next: UInt8) -> Bool {
        if isWordByte(previous) && isWordByte(next) { return true }
        if [.plus, .minus].contains(previous) && [.plus, .minus].contains(next) { return true }
        if previous == .slash && [.slash, .asterisk].contains(next) { return true }
        return isDigit(previous) && next == .dot
    }

    /// CSS keeps a space except around `{`, `}`, `;`, `,` and `>`, and after `:`. Elsewhere a space may
    /// matter: `a :hover` and `a:hover` differ, `calc(1px + 2px)` needs its spaces, and `and (` is not `and(`.
    static func cssNeedsSpace(between previous: UInt8, and next: UInt8) -> Bool {
        let free = Array("{};,>".utf8)
        return !(free.contains(previous) || free.contains(next) || previous == .colon)
    }

    /// Bytes of identifiers, keywords and numbers, counting any non-ASCII byte and `#` (private names) as one.
    static func isWordByte(_ byte: UInt8) -> Bool {
        isIdentifierByte(byte) || byte >= 0x80 || byte == .hash || byte == .backslash
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    /// A block comment is a line break if it spans one, else a space, so `a/**/b` stays two tokens.
    mutating func skipBlockComment() {
        index += 2
        var spansLines = false
        while index < source.count,
            !(source[index] == .asterisk && index + 1 < source.count && source[index + 1] == .slash)
        {
            if source[index] == .newline { spansLines = true }
            index += 1
        }
        index = min(index + 2, source.count)
        if spansLines {
            pending = .lineBreak
        } else if pending == .none {
            pending = .space
        }
    }

    /// A quoted string, escapes included; it ends at its quote or, unterminated, at the line's end.
    mutating func copyString(closedBy quote: UInt8) {
        copyByte()
        while index < source.count, source[index] != .newline {
            if source[index] == .backslash, index + 1 < source.count {
                copyByte()
            } else if source[index] == quote {
                copyByte()
                return
            }
            copyByte()
        }
    }

    /// Template text up to its closing backtick, or up to a `${`, after which code resumes. Its line breaks
    /// and spaces are the string's own and are copied as they are.
    mutating func copyTemplateText() {
        while index < source.count {
            let byte = source[index]
            if byte == .backslash, index + 1 < source.count {
                copyByte()
                copyByte()
            } else if byte == .backtick {
                copyByte()
                return
            } else if byte == .dollar, index + 1 < source.count, source[index + 1] == .openBrace {
                copyByte()
                copyByte()
                templates.append(0)
                return
            } else {
                copyByte()
                if byte == .newline { lineStarts.append((output.count, index)) }
            }
        }
    }

    /// Whether the `/` here begins a regular expression rather than a division: it does after an operator, an
    /// opening bracket, a separator, `return`-like keywords, or at the start of the source.
    func startsRegularExpression() -> Bool {
        guard let previous = output.last else { return true }
        if Array("(,=:[!&|?{};+-*%<>~^".utf8).contains(previous) { return true }
        var start = output.count - 1
        while start > 0, Self.isIdentifierByte(output[start - 1]) { start -= 1 }
        let word = String(decoding: output[start...], as: UTF8.self)
        return ["return", "typeof", "case", "do", "else", "in", "of", "void", "yield", "await"].contains(word)
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == .dollar
    }

    /// A regular expression literal: up to the `/` that is neither escaped nor inside a `[…]` class.
    mutating func copyRegularExpression() {
        copyByte()
        var inClass = false
        while index < source.count, source[index] != .newline {
            let byte = source[index]
            if byte == .backslash, index + 1 < source.count {
                copyByte()
            } else if byte == .openBracket {
                inClass = true
            } else if byte == .closeBracket {
                inClass = false
            } else if byte == .slash, !inClass {
                copyByte()
                return
            }
            copyByte()
        }
    }
}

extension UInt8 {
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let asterisk = UInt8(ascii: "*")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let apostrophe = UInt8(ascii: "'")
    fileprivate static let backtick = UInt8(ascii: "`")
    fileprivate static let dollar = UInt8(ascii: "$")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let plus = UInt8(ascii: "+")
    fileprivate static let minus = UInt8(ascii: "-")
    fileprivate static let dot = UInt8(ascii: ".")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let hash = UInt8(ascii: "#")
}
