import WebimClientLibrary

/// Every compiled item of the README's coverage table, keyed by the table's item name.
///
/// The values exist to be compiled: a metatype for a type, the case for an enum case, an unapplied method
/// (`SessionBuilder.set(accountName:)`) or a closure returning a protocol's unapplied method
/// (`{ (messageStream: any MessageStream) in messageStream.send(message:) }`). If the library loses an item,
/// this target no longer builds. Rows whose deviation changes a signature coerce the method to the Swift type
/// the table gives, so the documented signature is compiled too.
struct ReferenceCoverageSymbols {
    private(set) var symbols: [String: Any] = [:]
    /// Names added more than once: each table row must have exactly one symbol.
    private(set) var duplicates: [String] = []

    /// The symbols of every row that is not marked "not implemented".
    static func all() -> ReferenceCoverageSymbols {
        var table = ReferenceCoverageSymbols()
        table.addSession()
        table.addStream()
        table.addMessages()
        table.addEnums()
        table.addSurvey()
        table.addResolution()
        table.addHints()
        return table
    }

    mutating func add(_ item: String, _ symbol: Any) {
        if symbols.updateValue(symbol, forKey: item) != nil { duplicates.append(item) }
    }
}
