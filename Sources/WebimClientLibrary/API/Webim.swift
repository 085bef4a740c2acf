/// The entry point of the library, as in the SDK reference.
public final class Webim {
    private init() {}

    /// A builder for a new `WebimSession`.
    public static func newSessionBuilder() -> SessionBuilder { SessionBuilder() }
}
