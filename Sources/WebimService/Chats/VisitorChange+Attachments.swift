import WebimWire

/// `chat.message` with `kind=file_visitor`: the visitor's earlier uploads sent as one message.
extension VisitorChange {
    /// Attaches 1–10 uploaded, unsent files of the visitor's, listed in the message's text, as one file message;
    /// the chat holds at most `limit` of the visitor's files, as a sending upload's chat does.
    func attachFiles(
        listedIn text: String,
        chatID: Int64,
        clientSideID: String,
        limit: Int
    ) throws -> MessageRecord {
        let listed = FileParametersItem.list(fromMessageText: text)
        guard (1...10).contains(listed.count) else { throw ProtocolFailure(WireError.wrongArgumentValue) }
        guard try visitorFileCount(chatID: chatID) + listed.count <= limit else {
            throw ProtocolFailure(WireError.maxFilesCountPerChatExceeded)
        }
        var records: [FileRecord] = []
        for item in listed {
            guard let guid = item.guid, var file = try self.file(guid: guid), !file.fromOperator else {
                throw ProtocolFailure(WireError.fileNotFound)
            }
            guard file.messageId == nil else { throw ProtocolFailure(WireError.fileHasBeenSent) }
            file.chatId = chatID
            records.append(file)
        }
        var message = try MessageRecord.file(
            records[0],
            visitor: visitor,
            chatID: chatID,
            clientSideID: clientSideID,
            clock: clock
        )
        if records.count > 1 {
            message.text = try MessageRecord.jsonText(try records.map { try $0.wireItem() })
        }
        for var file in records {
            file.messageId = message.id
            try save(file: file)
        }
        return message
    }
}
