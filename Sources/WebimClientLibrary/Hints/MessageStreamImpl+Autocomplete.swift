import WebimWire

extension MessageStreamImpl {
    func autocomplete(text: String, completionHandler: (any AutocompleteCompletionHandler)?) throws {
        let autocompletion = autocompletion
        try core.withAccess { core in
            core.spawn { core in
                switch await autocompletion.suggestions(for: text, core: core) {
                case .success(let texts): completionHandler?.onSuccess(text: texts)
                case .failure(let error): completionHandler?.onFailure(error: error)
                case nil: break
                }
            }
        }
    }

    func autocomplete(text: String) async throws -> [String] {
        try await Self.autocomplete(text: text, using: autocompletion, core: core)
    }

    private static func autocomplete(
        text: String,
        using autocompletion: Autocompletion,
        core: isolated SessionCore
    ) async throws -> [String] {
        guard !core.isDestroyed else { throw AccessError.invalidSession }
        switch await autocompletion.suggestions(for: text, core: core) {
        case .success(let texts): return texts
        case .failure(let error): throw error
        case nil: throw AccessError.invalidSession
        }
    }
}
