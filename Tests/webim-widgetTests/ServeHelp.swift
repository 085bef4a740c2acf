import ArgumentParser
import Foundation

@testable import webim_widget

/// `webim-widget serve --help`, read as a person reads it: each option's long name and the default it prints.
struct ServeHelp {
    /// The text, hidden options included (the fault harness's too), each option's help on one line.
    static let text = WebimWidgetCommand.helpMessage(for: ServeCommand.self, includeHidden: true, columns: 10_000)

    /// Each option's long name (`--streams-per-tab`) with the default it prints (`(default: 2)`), nil where it prints
    /// none (a flag, or an option whose default is said in words).
    let defaults: [String: String?]

    init(_ text: String = Self.text) {
        var blocks: [(names: [String], text: String)] = []
        var inOption = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  -") {
                // `  -h, --help   Show help information.`: the names, then two spaces or more, then the help.
                let names = line.dropFirst(2).split(separator: "  ", maxSplits: 1).first ?? ""
                let longNames = names.split(separator: " ").map { $0.withoutTrailing(",") }.filter {
                    $0.hasPrefix("--")
                }
                blocks.append((longNames, String(line)))
                inOption = true
            } else if inOption, line.hasPrefix("    ") {
                blocks[blocks.count - 1].text += " " + line.drop { $0 == " " }
            } else {
                inOption = false
            }
        }
        var defaults: [String: String?] = [:]
        for block in blocks {
            let text = block.text.withoutTrailing(" ")
            var printed: String?
            if text.hasSuffix(")"), let start = text.range(of: "(default: ", options: .backwards) {
                printed = String(text[start.upperBound..<text.index(before: text.endIndex)])
            }
            for name in block.names { defaults[name] = printed }
        }
        self.defaults = defaults
    }

    /// Every option's long name.
    var names: Set<String> { Set(defaults.keys) }
}

extension StringProtocol {
    /// The text without `character` repeated at its end.
    fileprivate func withoutTrailing(_ character: Character) -> String {
        var text = String(self)
        while text.last == character { text.removeLast() }
        return text
    }
}
