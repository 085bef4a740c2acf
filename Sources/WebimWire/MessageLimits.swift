/// Bounds both servers hold message text to, so that what the widget accepts the service accepts, and nothing larger
/// reaches either's store.
public enum MessageLimits {
    /// The longest message text, in characters (a draft, a first question, an operator's reply, an edit).
    public static let maximumTextLength = 10_000

    /// The largest custom `data` of a message (the SDK's `getData()`), in UTF-8 bytes of its JSON text: a bot's or a
    /// site's few keys, never a document.
    public static let maximumDataBytes = 4_096

    /// Whether a text can be stored whole: SQLite ends a bound text at its first U+0000, so a NUL would silently cut
    /// what the operator reads ("Refund me\u{0} (no, do not)" stored as "Refund me"). Both servers refuse such text.
    public static func hasNoNUL(_ text: String) -> Bool { !text.unicodeScalars.contains("\u{0}") }
}
