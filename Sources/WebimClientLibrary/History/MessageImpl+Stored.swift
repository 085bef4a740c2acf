import Foundation
import WebimWire

extension MessageImpl {
    /// The history row of a sent message, keeping the wire item it came from: `json` when the caller has the
    /// item's JSON as it came, else the item encoded again.
    func storedRecord(item: MessageItem?, json: String? = nil) -> StoredMessageRecord {
        StoredMessageRecord(
            id: id,
            serverId: serverSideID,
            kind: type.storedName,
            text: text,
            senderName: senderName,
            avatarURL: avatarURL?.absoluteString,
            operatorId: operatorID,
            tsMicros: timeMicros,
            read: read,
            canBeEdited: editable,
            canBeReplied: repliable,
            edited: edited,
            item: json ?? item.flatMap { try? JSONTextEncoder.encode($0) }
        )
    }

    /// A message read back from history: rebuilt from its wire item, or from the columns of an older row, whose kind
    /// must be one this version knows.
    init?(stored: StoredMessageRecord, context: MessageContext) throws(UnknownStoredKind) {
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
            type: try MessageType(storedName: stored.kind),
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
    /// The kind a history row and an outbox entry keep, written out: stored rows outlive any renaming of a case.
    var storedName: String {
        switch self {
        case .actionRequest: "actionRequest"
        case .contactInformationRequest: "contactInformationRequest"
        case .keyboard: "keyboard"
        case .keyboardResponse: "keyboardResponse"
        case .fileFromOperator: "fileFromOperator"
        case .fileFromVisitor: "fileFromVisitor"
        case .info: "info"
        case .operatorMessage: "operatorMessage"
        case .operatorBusy: "operatorBusy"
        case .visitorMessage: "visitorMessage"
        case .stickerVisitor: "stickerVisitor"
        }
    }

    /// The kind a stored row names; a name this version does not know is an error, never a guess.
    init(storedName: String) throws(UnknownStoredKind) {
        let all: [MessageType] = [
            .actionRequest, .contactInformationRequest, .keyboard, .keyboardResponse, .fileFromOperator,
            .fileFromVisitor, .info, .operatorMessage, .operatorBusy, .visitorMessage, .stickerVisitor,
        ]
        guard let type = all.first(where: { $0.storedName == storedName }) else {
            throw UnknownStoredKind(name: storedName)
        }
        self = type
    }
}

/// A stored row names a message kind this version does not know (a newer version wrote it, or the file is damaged).
struct UnknownStoredKind: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name the row holds.
    var name: String

    var description: String { "unknown stored message kind \"\(name)\"" }
}
