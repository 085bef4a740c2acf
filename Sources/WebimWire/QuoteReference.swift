/// The `quote` parameter of a reply (PROTOCOL.md §5.2): `{"ref":{"msgId":…,"msgChannelSideId":null,"chatId":null}}`.
public struct QuoteReference: Codable, Sendable, Equatable {
    /// Which message is quoted.
    public struct Reference: Codable, Sendable, Equatable {
        /// The quoted message's server id.
        public var msgId: String?
        public var msgChannelSideId: String?
        public var chatId: String?

        public init(msgId: String?, msgChannelSideId: String? = nil, chatId: String? = nil) {
            self.msgId = msgId
            self.msgChannelSideId = msgChannelSideId
            self.chatId = chatId
        }

        public func encode(to encoder: any Encoder) throws {
            // The SDK writes the two unused members as explicit nulls.
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(msgId, forKey: .msgId)
            try container.encode(msgChannelSideId, forKey: .msgChannelSideId)
            try container.encode(chatId, forKey: .chatId)
        }
    }

    public var ref: Reference?

    public init(messageID: String) { ref = Reference(msgId: messageID) }
}
