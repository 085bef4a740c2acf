import Foundation
import Logging
import WebimWire

extension SessionCore {
    /// Adds or updates a message from the service, stores it, and tells the tracker's listener.
    ///
    /// A message that confirms one of the visitor's `sending` messages replaces it in place (same id), so the
    /// listener sees `changed`, never a second copy.
    func receive(_ item: MessageItem) {
        guard let message = MessageImpl(item: item, baseURL: configuration.baseURL) else { return }
        do {
            try history.save(messages: [message.storedRecord])
        } catch {
            logger.error("could not store a message", metadata: ["error": "\(error)"])
        }
        if let index = messages.firstIndex(where: { $0.id == message.id }) {
            let old = messages[index]
            guard old != message else { return }
            if old.sendStatus == .sending {
                // Now in the service's store: sent messages go before the ones still on their way.
                messages.remove(at: index)
                messages.insert(message, at: firstSendingIndex())
                forgetOutboxEntry(clientSideID: message.id)
            } else {
                messages[index] = message
            }
            if trackerHasRequestedMessages { messageListener?.changed(message: old, to: message) }
            return
        }
        let position = firstSendingIndex()
        let next = position < messages.count ? messages[position] : nil
        messages.insert(message, at: position)
        if trackerHasRequestedMessages { messageListener?.added(message: message, after: next) }
    }

    /// Removes a message the service deleted.
    func removeMessage(serverSideID: String) {
        guard let index = messages.firstIndex(where: { $0.serverSideID == serverSideID }) else { return }
        let message = messages.remove(at: index)
        try? history.deleteMessage(id: message.id)
        if trackerHasRequestedMessages { messageListener?.removed(message: message) }
    }

    func setChatState(_ state: ChatState) {
        guard state != chatState else { return }
        let previous = chatState
        chatState = state
        chatStateListener?.changed(state: previous, to: state)
        wakeAll()
    }

    func setOperator(_ item: OperatorItem?) {
        let new = item.map { OperatorImpl(item: $0, baseURL: configuration.baseURL) }
        guard new != currentOperator else { return }
        let previous = currentOperator
        currentOperator = new
        operatorListener?.changed(operator: previous, to: new)
    }

    func setOperatorTyping(_ isTyping: Bool) {
        guard isTyping != isOperatorTyping else { return }
        isOperatorTyping = isTyping
        operatorTypingListener?.onOperatorTypingStateChanged(isTyping: isTyping)
    }

    /// A new tracker takes over the message listener; the previous tracker is thereby destroyed.
    func startTracker(listener: any MessageListener) -> Int {
        trackerGeneration += 1
        messageListener = listener
        trackerHasRequestedMessages = false
        return trackerGeneration
    }

    /// The last `limit` messages; from now on changes reach the listener.
    func lastMessages(limit: Int, tracker generation: Int) -> [MessageImpl] {
        guard generation == trackerGeneration else { return [] }
        trackerHasRequestedMessages = true
        return Array(messages.suffix(max(limit, 0)))
    }

    /// Stops a tracker if it is still the active one.
    func stopTracker(generation: Int) {
        guard generation == trackerGeneration else { return }
        messageListener = nil
        trackerHasRequestedMessages = false
    }

    private func firstSendingIndex() -> Int {
        messages.firstIndex(where: { $0.sendStatus == .sending }) ?? messages.count
    }
}

extension MessageImpl {
    /// The history row of a sent message.
    var storedRecord: StoredMessageRecord {
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
            edited: edited
        )
    }

    /// A message read back from history.
    init(stored: StoredMessageRecord) {
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
