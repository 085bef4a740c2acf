import Foundation
import WebimWire

extension MessageImpl {
    /// The history row of a sent message, keeping the wire item it came from: `json` when the caller has the
    /// item's JSON as it came, else the item encoded again.
    func storedRecord(item: MessageItem?, json: String? = nil) -> StoredMessageRecord {
        StoredMessageRecord(
            id: id,
            serverId: serverSideID,
            kind: String(describing: type),
            text: text,
            senderName: senderName,
            avatarURL: avatarURL?.absoluteString,
            operatorId: operatorID,
            tsMicros: timeMicros,
            read: read,
            canBeEdited: editable,
            canBeReplied: repliable,
            edited: edited,
            item: json ?? item.flatMap { try? String(decoding: WireCoding.makeEncoder().encode($0), as: UTF8.self) }
        )
    }

    /// A message read back from history: rebuilt from its wire item, or from the columns of an older row.
    init?(stored: StoredMessageRecord, context: MessageContext) {
        if let json = stored.item,
            let item = try? WireCoding.decode(MessageItem.self, fromJSON: Data(json.utf8))
        {
            self.init(item: item, context: context)
            return
        }
        self.init(
            id: stored.id,
            serverSideID: stored.serverId,
            text: stored.text,
            timeMicros: stored.tsMicros,
            type: MessageType(storedName: stored.kind),
            sendStatus: .sent,
            senderName: stored.senderName,
            avatarURL: stored.avatarURL.flatMap(URL.init(string:)),
            operatorID: stored.operatorId,
            read: stored.read,
            editable: stored.canBeEdited,
            repliable: stored.canBeReplied,
            edited: stored.edited
        )
    }

    /// The wire item a stored row keeps.
    static func item(of stored: StoredMessageRecord) -> MessageItem? {
        stored.item.flatMap { try? WireCoding.decode(MessageItem.self, fromJSON: Data($0.utf8)) }
    }
}

extension MessageType {
    /// The inverse of `String(describing:)`, for history rows.
    init(storedName: String) {
        let all: [MessageType] = [
            .actionRequest, .contactInformationRequest, .keyboard, .keyboardResponse, .fileFromOperator,
            .fileFromVisitor, .info, .operatorMessage, .operatorBusy, .visitorMessage, .stickerVisitor,
        ]
        self = all.first { String(describing: $0) == storedName } ?? .info
    }
}
