import WebimClientLibrary

extension ReferenceCoverageSymbols {
    /// Hints: the stream's calls, the handler and the error.
    mutating func addHints() {
        add(
            "MessageStream.autocomplete(text:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.autocomplete(text:completionHandler:) }
        )
        add(
            "MessageStream.autocomplete(text:)",
            { (messageStream: any MessageStream) in
                messageStream.autocomplete(text:) as (String) async throws -> [String]
            }
        )
        add("AutocompleteCompletionHandler", (any AutocompleteCompletionHandler).self)
        add(
            "AutocompleteCompletionHandler.onSuccess(text:)",
            { (handler: any AutocompleteCompletionHandler) in handler.onSuccess(text:) }
        )
        add(
            "AutocompleteCompletionHandler.onFailure(error:)",
            { (handler: any AutocompleteCompletionHandler) in handler.onFailure(error:) }
        )
        add("AutocompleteError", AutocompleteError.self)
        add("AutocompleteError.hintApiInvalid", AutocompleteError.hintApiInvalid)
        add("AutocompleteError.unknown", AutocompleteError.unknown)
    }
}
