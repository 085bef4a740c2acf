import Foundation
import WebimWire

/// The visitor's messages on their way: shown as `sending` at once, persisted in the local outbox (with a file's
/// bytes beside it) so that a restarted process still sends them, and delivered by the action loop.
enum Outbox {
    /// Queues a visitor message: shown as `sending` at once, persisted, and delivered by the action loop.
    ///
    /// `id` is the message's client-side id; with `.required` persistence a message that cannot be written to the
    /// outbox throws `OutboxFailure` and is neither shown nor sent.
    static func sendMessage(
        text: String,
        extraFields: [(String, String)] = [],
        quote: QuoteImpl? = nil,
        id: String = ClientSideID.make(),
        persistence: OutboxPersistence = .bestEffort,
        in session: isolated SessionCore,
        onFinish: (@Sendable (isolated SessionCore, String, ActionOutcome) -> Void)? = nil
    ) throws(OutboxFailure) -> String {
        let fields = [(WireParameter.clientSideID, id), (WireParameter.message, text)] + extraFields
        var message = MessageImpl.sending(id: id, text: text, timeMicros: WallClock.nowMicros())
        message.quote = quote
        let request = OutboxRequest(kind: .message, fields: fields.map { [$0.0, $0.1] }, text: text)
        try queue(request, message: message, persistence: persistence, in: session) { core, outcome in
            onFinish?(core, id, outcome)
        }
        return id
    }

    /// `send(file:filename:mimeType:completionHandler:)`: checked against the location's limits, then uploaded.
    static func sendFile(
        data: Data,
        fileName: String,
        mimeType: String,
        id: String = ClientSideID.make(),
        persistence: OutboxPersistence = .bestEffort,
        in session: isolated SessionCore,
        onFinish: @escaping @Sendable (isolated SessionCore, String, ActionOutcome) -> Void
    ) throws(OutboxFailure) -> String {
        if let refusal = session.state.serverSideSettings.uploadRefusal(size: data.count, fileName: fileName) {
            onFinish(session, id, .failure(refusal))
            return id
        }
        var path: String?
        if session.settings.isLocalHistoryStoragingEnabled {
            let url = fileURL(id: id, in: session)
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            if (try? data.write(to: url, options: .atomic)) != nil {
                path = url.path
            } else if persistence == .required {
                throw OutboxFailure(clientSideID: id, reason: "the file could not be written")
            }
        }
        let request = OutboxRequest(
            kind: .file,
            text: fileName,
            type: .fileFromVisitor,
            fileName: fileName,
            mimeType: mimeType,
            filePath: path
        )
        let message = MessageImpl.sending(
            id: id,
            text: fileName,
            type: .fileFromVisitor,
            timeMicros: WallClock.nowMicros()
        )
        let upload = QueuedAction.UploadCall(clientSideID: id, fileName: fileName, mimeType: mimeType, data: data)
        try queue(request, message: message, call: .upload(upload), persistence: persistence, in: session) {
            core,
            outcome in onFinish(core, id, outcome)
        }
        return id
    }

    /// `sendSticker(withId:completionHandler:)`.
    static func sendSticker(
        id stickerID: Int,
        in session: isolated SessionCore,
        onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void
    ) {
        let id = ClientSideID.make()
        let fields = [[WireParameter.stickerID, String(stickerID)], [WireParameter.clientSideID, id]]
        var message = MessageImpl.sending(id: id, text: "", type: .stickerVisitor, timeMicros: WallClock.nowMicros())
        message.stickerID = stickerID
        let request = OutboxRequest(kind: .sticker, fields: fields, text: "", type: .stickerVisitor)
        try? queue(request, message: message, in: session) { core, outcome in onFinish(core, outcome) }
    }

    /// `send(uploadedFiles:completionHandler:)`: a `file_visitor` message of files already uploaded (PROTOCOL.md §7.1).
    static func sendUploadedFiles(
        _ files: [FileParametersItem],
        in session: isolated SessionCore,
        onFinish: @escaping @Sendable (isolated SessionCore, String, ActionOutcome) -> Void
    ) -> String {
        let id = ClientSideID.make()
        let json = (try? WireCoding.makeEncoder().encode(files)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        let fields = [
            [WireParameter.clientSideID, id], [WireParameter.message, json], [WireParameter.kind, "file_visitor"],
        ]
        let name = files.compactMap(\.filename).joined(separator: ", ")
        let message = MessageImpl.sending(id: id, text: name, type: .fileFromVisitor, timeMicros: WallClock.nowMicros())
        let request = OutboxRequest(kind: .message, fields: fields, text: name, type: .fileFromVisitor)
        try? queue(request, message: message, in: session) { core, outcome in onFinish(core, id, outcome) }
        return id
    }

    /// `uploadFilesToServer`: uploads without sending; the file waits for `send(uploadedFiles:)`.
    static func uploadFile(
        data: Data,
        fileName: String,
        mimeType: String,
        in session: isolated SessionCore,
        onFinish: @escaping @Sendable (isolated SessionCore, String, ActionOutcome) -> Void
    ) -> String {
        let id = ClientSideID.make()
        if let refusal = session.state.serverSideSettings.uploadRefusal(size: data.count, fileName: fileName) {
            onFinish(session, id, .failure(refusal))
            return id
        }
        let upload = QueuedAction.UploadCall(clientSideID: nil, fileName: fileName, mimeType: mimeType, data: data)
        let queued = QueuedAction(call: .upload(upload)) { core, outcome in onFinish(core, id, outcome) }
        session.actions.enqueue(queued, in: session)
        return id
    }

    private static func queue(
        _ request: OutboxRequest,
        message: MessageImpl,
        call: QueuedAction.Call? = nil,
        persistence: OutboxPersistence = .bestEffort,
        in session: isolated SessionCore,
        onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void
    ) throws(OutboxFailure) {
        let record = OutboxRecord(
            position: nil,
            clientSideId: message.id,
            text: request.text,
            tsMicros: message.timeMicros,
            request: request.json
        )
        do {
            try session.history.enqueue(outbox: record)
        } catch {
            session.log(.error, .messageHistory, "could not persist an outgoing message: \(error)")
            if persistence == .required {
                if let path = request.filePath { try? FileManager.default.removeItem(atPath: path) }
                throw OutboxFailure(clientSideID: message.id, reason: "the outbox could not be written")
            }
        }
        session.tracker.addSending(message, in: session)
        var action = QueuedAction(outbox: message.id, request: request)
        if let call { action.call = call }
        let finishOutbox = action.onFinish
        action.onFinish = { core, outcome in
            finishOutbox(core, outcome)
            onFinish(core, outcome)
        }
        session.actions.enqueue(action, in: session)
    }

    /// An entry's end: accepted (the delta will confirm the message), refused (it leaves the list), or canceled (it
    /// stays in the outbox for the next session).
    static func finish(id: String, _ outcome: ActionOutcome, in session: isolated SessionCore) {
        switch outcome {
        case .success:
            forget(clientSideID: id, in: session)
        case .failure(let error):
            session.log(.warning, .networkRequest, "message refused by the service: \(error)")
            session.tracker.dropSending(id: id, in: session)
        case .canceled:
            break
        }
    }

    /// Removes a message from the persisted outbox, with its waiting file.
    static func forget(clientSideID: String, in session: isolated SessionCore) {
        do {
            try session.history.removeFromOutbox(clientSideID: clientSideID)
        } catch {
            session.log(.error, .messageHistory, "could not update the outbox: \(error)")
        }
        try? FileManager.default.removeItem(at: fileURL(id: clientSideID, in: session))
    }

    /// Where a file waits for upload.
    static func fileURL(id: String, in session: isolated SessionCore) -> URL {
        session.settings.storageDirectory.appendingPathComponent("outbox-files").appendingPathComponent(id)
    }

    /// `resend(message:completionHandler:)`: a message still on its way is in the outbox and retried until the
    /// service answers, so sending it again is waiting for that answer; false when it is not on its way.
    static func resend(
        messageID: String,
        in session: isolated SessionCore,
        onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void
    ) -> Bool {
        session.actions.alsoOnFinish(outboxID: messageID, in: session, onFinish)
    }

    /// `cancelResend(message:)`: the message leaves the queue, the outbox and the list (`removed(message:)`).
    static func cancelResend(messageID: String, in session: isolated SessionCore) {
        guard session.actions.remove(outboxID: messageID) else { return }
        forget(clientSideID: messageID, in: session)
        session.tracker.dropSending(id: messageID, in: session)
    }
}
