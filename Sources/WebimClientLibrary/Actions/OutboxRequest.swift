import Foundation
import WebimWire

/// A visitor message as the outbox keeps it, so it is still delivered after a restart.
struct OutboxRequest: Codable, Sendable {
    enum Kind: String, Codable, Sendable {
        /// `chat.message` (text, reply, data, or uploaded files).
        case message
        /// `sticker`.
        case sticker
        /// An upload that becomes a file message.
        case file
    }

    var kind: Kind
    /// The action's fields, as pairs.
    var fields: [[String]] = []
    /// What the sending message shows.
    var text: String
    var type: String = "visitorMessage"
    var fileName: String?
    var mimeType: String?
    /// Where the file waits until it is uploaded.
    var filePath: String?

    /// The message shown while it is on its way; an entry of a kind this version does not know is an error.
    func sendingMessage(id: String, timeMicros: Int64) throws(UnknownStoredKind) -> MessageImpl {
        MessageImpl.sending(id: id, text: text, type: try MessageType(storedName: type), timeMicros: timeMicros)
    }

    /// The request's fields as the action loop sends them.
    var fieldPairs: [(String, String)] { fields.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil } }

    /// Reads a stored entry; rows from before migration v2 are plain text messages.
    init?(record: OutboxRecord) {
        guard let json = record.request else {
            self.init(
                kind: .message,
                fields: [[WireParameter.clientSideID, record.clientSideId], [WireParameter.message, record.text]],
                text: record.text
            )
            return
        }
        guard let decoded = try? JSONDecoder().decode(OutboxRequest.self, from: Data(json.utf8)) else { return nil }
        self = decoded
    }

    init(
        kind: Kind,
        fields: [[String]] = [],
        text: String,
        type: MessageType = .visitorMessage,
        fileName: String? = nil,
        mimeType: String? = nil,
        filePath: String? = nil
    ) {
        self.kind = kind
        self.fields = fields
        self.text = text
        self.type = type.storedName
        self.fileName = fileName
        self.mimeType = mimeType
        self.filePath = filePath
    }

    /// The JSON the outbox row keeps.
    var json: String { (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}" }
}

extension QueuedAction {
    /// The queued delivery of an outbox entry; nil when its file is gone.
    init(outbox id: String, request: OutboxRequest) {
        let call: Call
        switch request.kind {
        case .message:
            call = .action(.chatMessage, request.fieldPairs)
        case .sticker:
            call = .action(.sticker, request.fieldPairs)
        case .file:
            let data = request.filePath.flatMap { FileManager.default.contents(atPath: $0) } ?? Data()
            call = .upload(
                UploadCall(
                    clientSideID: id,
                    fileName: request.fileName ?? "file",
                    mimeType: request.mimeType ?? "application/octet-stream",
                    data: data
                )
            )
        }
        self.init(call: call, startsChat: request.kind != .sticker, outboxID: id) { core, outcome in
            Outbox.finish(id: id, outcome, in: core)
        }
    }
}
