/// Bounds both servers hold message text to, so that what the widget accepts the service accepts, and nothing larger
/// reaches either's store.
public enum MessageLimits {
    /// The longest message text, in characters (a draft, a first question, an operator's reply, an edit).
    public static let maximumTextLength = 10_000
}
