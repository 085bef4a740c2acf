/// Past chats to give a new visitor, for paging tests and benchmarks (`long-history` scenario).
struct HistorySeed: Decodable, Sendable {
    /// How many messages in all.
    var messages: Int
    /// Messages per closed chat.
    var messagesPerChat: Int?
    /// Who answered in those chats; filled in from the scenario's operator.
    var operatorID: Int?
    var operatorName: String?
}
