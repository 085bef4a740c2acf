import DequeModule

/// The page's `clientId` → what its first request answered, so that a retried action is not performed twice.
///
/// A value owned by the tab's actor, which alone performs actions: it needs no lock of its own.
struct ClientIDAnswers: Sendable {
    /// How many `clientId`s are remembered for retries.
    static let capacity = 4096

    private var answers: [String: String] = [:]
    /// Oldest first: the one to forget beyond the capacity.
    private var order: Deque<String> = []

    /// What the first request with `clientID` answered, if there was one.
    func answer(forClientID clientID: String) -> String? { answers[clientID] }

    /// Remembers the answer to a request with `clientID`, forgetting the oldest beyond the capacity; a known
    /// `clientID` keeps its place in that order.
    mutating func remember(answer: String, forClientID clientID: String) {
        guard answers.updateValue(answer, forKey: clientID) == nil else { return }
        order.append(clientID)
        if order.count > Self.capacity { answers[order.removeFirst()] = nil }
    }
}
