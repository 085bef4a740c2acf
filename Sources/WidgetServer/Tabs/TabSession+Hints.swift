import HTTPAPI
import WebimClientLibrary

/// Suggested questions for the visitor's text, from the location's hints service (`autocomplete(text:)`).
extension TabSession {
    /// Longest text asked about: a question, as long as the core sends.
    static let maximumHintTextLength = 1_000
    /// The core answers within its own timeouts (the config's read, then the hints service's); this bounds the wait
    /// when it never answers, as when the session ends meanwhile.
    static let suggestionsTimeout: Duration = .seconds(15)

    /// The hints service's suggestions for `text`, best first: 409 `hints_unavailable` when the location offers
    /// none, 502 `hints_unanswered` when its service does not answer in time.
    func suggestions(for text: String) async throws -> [String] {
        let unavailable = APIError(.hintsUnavailable, "This chat offers no suggestions.")
        guard events.hintsEnabled else { throw unavailable }
        let answer = SuggestionsAnswer()
        try currentStream().autocomplete(text: text, completionHandler: answer)
        let result = await withTaskGroup(of: Result<[String], AutocompleteError>?.self) { group in
            group.addTask { await answer.result.value() }
            group.addTask {
                try? await Task.sleep(for: Self.suggestionsTimeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        switch result {
        case .success(let suggestions): return suggestions
        case .failure(.hintApiInvalid): throw unavailable
        case .failure, nil: throw APIError(.hintsUnanswered, "The suggestions did not arrive in time.")
        }
    }
}

/// Hands the core's answer to the waiting request.
private final class SuggestionsAnswer: AutocompleteCompletionHandler {
    let result = OneAnswer<Result<[String], AutocompleteError>>()

    func onSuccess(text: [String]) { result.give(.success(text)) }
    func onFailure(error: AutocompleteError) { result.give(.failure(error)) }
}
