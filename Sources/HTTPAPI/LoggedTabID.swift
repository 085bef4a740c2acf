/// How a widget tab's id appears in a log line: shortened, wherever it comes from (a tab's own field, a request's
/// path, an error naming a tab's folder).
///
/// A tab id is the visitor's key: whoever holds it reads and writes that chat, so a log that a collector, a support
/// ticket or a backup copies must not hold one whole. Six characters still follow one tab through a log: among ten
/// thousand open tabs, two share them once in about a thousand pairs, and the time and path tell those apart.
package enum LoggedTabID {
    /// The characters of an id that a log keeps.
    package static let keptCharacters = 6

    /// `id` as a log line shows it: its first characters and an ellipsis.
    package static func shortened(_ id: some StringProtocol) -> String {
        id.count <= keptCharacters ? String(id) : id.prefix(keptCharacters) + "…"
    }

    /// `text` with every tab id in it shortened: every run of exactly 22 base64url characters, which is what a tab id
    /// is (128 random bits), standing between other characters. A longer or shorter run is left whole, so a path or
    /// error that holds none keeps its words.
    package static func redacted(in text: String) -> String {
        text.replacing(/[A-Za-z0-9_\-]+/) { match in
            match.output.count == tabIDLength ? shortened(match.output) : String(match.output)
        }
    }

    /// The characters of a tab id: 16 random bytes in base64url, unpadded.
    static let tabIDLength = 22
}
