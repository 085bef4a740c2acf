import HTTPAPI
import WebimClientLibrary

/// Suggested questions for the visitor's text, from the location's hints service (`autocomplete(text:)`).
struct TabHints: Sendable {
    let tab: TabSession

    /// Longest text asked about: a question, as long as the core sends.
    static let maximumHintTextLength = 1_000
    /// The core answers within its own timeouts (the config's read, then the hints service's); this bounds the wait
    /// when it never answers, as when the session ends meanwhile.
    static let suggestionsTimeout: Duration = .seconds(15)

    /// The hints service's suggestions for `text`, best first: 409 `hints_unavailable` when the location offers
    /// none, 502 `hints_unanswered` when its service does not answer in time.
    func suggestions(for text: String) async throws -> [String] {
        let unavailable = APIError(.hintsUnavailable, "This chat offers no suggestions.")
        guard tab.events.hintsEnabled else { throw unavailable }
        let answer = SuggestionsAnswer()
        try await tab.perform { tab in try tab.currentStream().autocomplete(text: text, completionHandler: answer) }
        switch await answer.result.value(within: Self.suggestionsTimeout) {
        case .success(let suggestions): return suggestions
        case .failure(.hintApiInvalid): throw unavailable
        case .failure, nil: throw APIError(.hintsUnanswered, "The suggestions did not arrive in time.")
        }
    }
}

/// Hands the core's answer to the waiting request.
private final class SuggestionsAnswer: AutocompleteCompletionHandler, Sendable {
    let result = OneAnswer<Result<[String], AutocompleteError>>()

    func onSuccess(text: [String]) { result.give(.success(text)) }
    func onFailure(error: AutocompleteError) { result.give(.failure(error)) }
}
