/// What the page's scripts and stylesheets leave behind on their way to the browser: comments and indentation.
///
/// The page has no build step and `Public/` is served as written, minus what only a reader of the file needs:
/// that was a third of the page's weight. Every line stays where it is (a comment becomes an empty line, a
/// comment inside a line a space), so a stack trace or a console message still points at the right line of
/// the file in `Public/`. Strings, template literals and regular expressions pass through untouched.
enum SourceCompactor {
    /// The language decides what starts a comment: CSS has no `//` comments and no regular expressions.
    enum Language {
        case javaScript
        case css
    }

    static func compact(_ source: String, as language: Language) -> String {
        var compactor = Compactor(source: Array(source.utf8), language: language)
        compactor.run()
        return String(decoding: compactor.output, as: UTF8.self)
    }
}

/// One pass over the source, byte by byte; every construct that may hold `//`, `/*` or a quote is skipped whole.
private struct Compactor {
    let source: [UInt8]
    let language: SourceCompactor.Language
    var output: [UInt8] = []
    var index = 0
    /// Open template literals: for each, the depth of `{` inside its current `${…}` (JavaScript only).
    var templates: [Int] = []

    init(source: [UInt8], language: SourceCompactor.Language) {
        self.source = source
        self.language = language
        output.reserveCapacity(source.count)
    }

    mutating func run() {
        skipIndentation()
        while index < source.count {
            let byte = source[index]
            let next = index + 1 < source.count ? source[index + 1] : 0
            switch byte {
            case .newline:
                trimTrailingSpace()
                output.append(.newline)
                index += 1
                skipIndentation()
            case .slash where next == .asterisk:
                skipBlockComment()
            case .slash where next == .slash && language == .javaScript:
                while index < source.count, source[index] != .newline { index += 1 }
            case .slash where language == .javaScript && startsRegularExpression():
                copyRegularExpression()
            case .quote, .apostrophe:
                copyString(closedBy: byte)
            case .backtick where language == .javaScript:
                output.append(byte)
                index += 1
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
        trimTrailingSpace()
    }

    mutating func copyByte() {
        output.append(source[index])
        index += 1
    }

    mutating func skipIndentation() {
        while index < source.count, source[index] == .space || source[index] == .tab { index += 1 }
    }

    mutating func trimTrailingSpace() {
        while let last = output.last, last == .space || last == .tab { output.removeLast() }
    }

    /// A block comment keeps its line breaks; one within a line becomes a space, so `a/**/b` stays two tokens.
    mutating func skipBlockComment() {
        index += 2
        var lineBreaks = 0
        while index < source.count,
            !(source[index] == .asterisk && index + 1 < source.count && source[index + 1] == .slash)
        {
            if source[index] == .newline { lineBreaks += 1 }
            index += 1
        }
        index = min(index + 2, source.count)
        guard lineBreaks > 0 else {
            // One space stands for the comment and the spaces around it.
            if let last = output.last, last != .space, last != .newline { output.append(.space) }
            while index < source.count, source[index] == .space || source[index] == .tab { index += 1 }
            return
        }
        trimTrailingSpace()
        output.append(contentsOf: repeatElement(UInt8.newline, count: lineBreaks))
        skipIndentation()
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

    /// Template text up to its closing backtick, or up to a `${`, after which code resumes.
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
            }
        }
    }

    /// Whether the `/` here begins a regular expression rather than a division: it does after an operator, an
    /// opening bracket, a separator, `return`-like keywords, or at the start of the source.
    func startsRegularExpression() -> Bool {
        var position = output.count - 1
        while position >= 0, [.space, .tab, .newline].contains(output[position]) { position -= 1 }
        guard position >= 0 else { return true }
        let previous = output[position]
        if Array("(,=:[!&|?{};+-*%<>~^".utf8).contains(previous) { return true }
        var start = position
        while start > 0, Self.isIdentifierByte(output[start - 1]) { start -= 1 }
        let word = String(decoding: output[start...position], as: UTF8.self)
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
}
