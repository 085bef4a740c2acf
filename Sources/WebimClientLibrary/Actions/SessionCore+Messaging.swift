import Foundation
import WebimWire

extension SessionCore {
    /// Queues a visitor message: shown as `sending` at once, persisted, and delivered by the action loop.
    ///
    /// `id` is the message's client-side id; with `.required` persistence a message that cannot be written to the
    /// outbox throws `OutboxFailure` and is neither shown nor sent.
    func sendMessage(
        text: String,
        extraFields: [(String, String)] = [],
        quote: QuoteImpl? = nil,
        id: String = ClientSideID.make(),
        persistence: OutboxPersistence = .bestEffort,
        onFinish: (@Sendable (isolated SessionCore, String, ActionOutcome) -> Void)? = nil
    ) throws(OutboxFailure) -> String {
        let fields = [(WireParameter.clientSideID, id), (WireParameter.message, text)] + extraFields
        var message = MessageImpl.sending(id: id, text: text, timeMicros: WallClock.nowMicros())
        message.quote = quote
        let request = OutboxRequest(kind: .message, fields: fields.map { [$0.0, $0.1] }, text: text)
        try queueOutbox(request, message: message, persistence: persistence) { core, outcome in
            onFinish?(core, id, outcome)
        }
        return id
    }

    /// `send(file:filename:mimeType:completionHandler:)`: checked against the location's limits, then uploaded.
    func sendFile(
        data: Data,
        fileName: String,
        mimeType: String,
        id: String = ClientSideID.make(),
        persistence: OutboxPersistence = .bestEffort,
        onFinish: @escaping @Sendable (isolated SessionCore, String, ActionOutcome) -> Void
    ) throws(OutboxFailure) -> String {
        if let refusal = state.serverSideSettings.uploadRefusal(size: data.count, fileName: fileName) {
            onFinish(self, id, .failure(refusal))
            return id
        }
        var path: String?
        if settings.isLocalHistoryStoragingEnabled {
            let url = outboxFileURL(id: id)
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
        try queueOutbox(request, message: message, call: .upload(upload), persistence: persistence) { core, outcome in
            onFinish(core, id, outcome)
        }
        return id
    }

    /// `sendSticker(withId:completionHandler:)`.
    func sendSticker(id stickerID: Int, onFinish: @escaping @Sendable (isolated SessionCore, ActionOutcome) -> Void) {
        let id = ClientSideID.make()
        let fields = [[WireParameter.stickerID, String(stickerID)], [WireParameter.clientSideID, id]]
        var message = MessageImpl.sending(id: id, text: "", type: .stickerVisitor, timeMicros: WallClock.nowMicros())
        message.stickerID = stickerID
        let request = OutboxRequest(kind: .sticker, fields: fields, text: "", type: .stickerVisitor)
        try? queueOutbox(request, message: message) { core, outcome in onFinish(core, outcome) }
    }

    /// `send(uploadedFiles:completionHandler:)`: a `file_visitor` message of files already uploaded (PROTOCOL.md §7.1).
    func sendUploadedFiles(
        _ files: [FileParametersItem],
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
        try? queueOutbox(request, message: message) { core, outcome in onFinish(core, id, outcome) }
        return id
    }

    /// `uploadFilesToServer`: uploads without sending; the file waits for `send(uploadedFiles:)`.
    func uploadFile(
        data: Data,
        fileName: String,
        mimeType: String,
        onFinish: @escaping @Sendable (isolated SessionCore, String, ActionOutcome) -> Void
    ) -> String {
        let id = ClientSideID.make()
        if let refusal = state.serverSideSettings.uploadRefusal(size: data.count, fileName: fileName) {
            onFinish(self, id, .failure(refusal))
            return id
        }
        let upload = QueuedAction.UploadCall(clientSideID: nil, fileName: fileName, mimeType: mimeType, data: data)
        enqueue(QueuedAction(call: .upload(upload)) { core, outcome in onFinish(core, id, outcome) })
        return id
    }

    private func queueOutbox(
        _ request: OutboxRequest,
        message: MessageImpl,
        call: QueuedAction.Call? = nil,
        persistence: OutboxPersistence = .bestEffort,
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
            try history.enqueue(outbox: record)
        } catch {
            log(.error, .messageHistory, "could not persist an outgoing message: \(error)")
            if persistence == .required {
                if let path = request.filePath { try? FileManager.default.removeItem(atPath: path) }
                throw OutboxFailure(clientSideID: message.id, reason: "the outbox could not be written")
            }
        }
        perform(tracker.addSending(message))
        var action = QueuedAction(outbox: message.id, request: request)
        if let call { action.call = call }
        let finishOutbox = action.onFinish
        action.onFinish = { core, outcome in
            finishOutbox(core, outcome)
            onFinish(core, outcome)
        }
        enqueue(action)
    }
}
