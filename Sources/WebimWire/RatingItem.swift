/// An operator rating (`OPERATOR_RATE`, `operatorIdToRate`; PROTOCOL.md §4.9).
public struct RatingItem: Codable, Sendable, Equatable {
    public var operatorId: Int
    /// −2…2 on the wire; the app's 1…5 is this plus 3 (PROTOCOL.md §8.4).
    public var rating: Int?
    /// Resolution survey answer, 0 or 1.
    public var answer: Int?

    public init(operatorId: Int, rating: Int? = nil, answer: Int? = nil) {
        self.operatorId = operatorId
        self.rating = rating
        self.answer = answer
    }
}
