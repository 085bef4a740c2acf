extension Duration {
    /// Whole seconds, as a command-line option takes them.
    var wholeSeconds: Int { Int(components.seconds) }
}
