import Foundation

/// A location's hint questions, and which of them the hints endpoint suggests for what the visitor typed.
struct HintQuestions: Sendable {
    /// The most suggestions one answer carries: a short list under the composer.
    static let maximumSuggestions = 5
    /// Fewer characters than this are no question yet: every suggestion would match.
    static let minimumTextLength = 2

    private let questions: [String]

    init(_ questions: [String]) {
        self.questions = questions.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    var isEmpty: Bool { questions.isEmpty }

    /// The questions containing `text` (case- and diacritic-insensitive), those starting with it first, each
    /// group in the scenario's order; none for text shorter than `minimumTextLength`.
    func suggestions(for text: String) -> [String] {
        let needle = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard needle.count >= Self.minimumTextLength else { return [] }
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        var starting: [String] = []
        var inside: [String] = []
        for question in questions {
            guard let found = question.range(of: needle, options: options) else { continue }
            if found.lowerBound == question.startIndex { starting.append(question) } else { inside.append(question) }
        }
        return Array((starting + inside).prefix(Self.maximumSuggestions))
    }
}
