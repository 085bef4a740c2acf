import Foundation
import WebimWire

/// What building a message from the wire needs besides the item.
struct MessageContext: Sendable {
    var baseURL: String
    var signer: FileURLSigner?
    /// PROTOCOL.md §4.2: `canBeEdited`/`canBeReplied` are ANDed with the config flags.
    var editingAllowed = true
    var quotingAllowed = true
}

extension MessageImpl {
    /// A message the service sent; nil for kinds the SDK drops, and for file messages without a file (§4.3).
    init?(item: MessageItem, context: MessageContext) {
        guard let type = Self.messageType(of: item.knownKind) else { return nil }
        self.init(
            id: item.clientSideId ?? item.id,
            serverSideID: item.id,
            text: item.text,
            timeMicros: item.timeMicros ?? 0,
            type: type,
            sendStatus: .sent,
            senderName: item.name,
            avatarURL: item.avatar.flatMap { URL(relative: $0, base: context.baseURL) },
            operatorID: item.authorId.map(String.init),
            read: item.read ?? true,
            editable: (item.canBeEdited ?? false) && context.editingAllowed,
            repliable: (item.canBeReplied ?? false) && context.quotingAllowed,
            edited: item.edited ?? false,
            rawData: item.data,
            reaction: item.reaction,
            canReact: item.canVisitorReact ?? false,
            canChangeReaction: item.canVisitorChangeReaction ?? false
        )
        if type == .fileFromVisitor || type == .fileFromOperator {
            guard let attachment = Self.attachment(of: item, signer: context.signer) else { return nil }
            self.attachment = attachment
            // A file message's wire text is its file parameters' JSON, which is no text to show: its caption, or
            // else the file's name, as while it was being sent.
            text = item.extraText ?? attachment.getFilesInfo().first?.getFileName() ?? ""
        }
        keyboard = item.keyboard.map(KeyboardImpl.init(item:))
        if let response = item.keyboardResponse, let button = response.button,
            let messageID = response.request?.messageId
        {
            keyboardRequest = KeyboardRequestImpl(button: KeyboardButtonImpl(item: button), messageID: messageID)
        }
        stickerID = item.sticker?.stickerId
        quote = item.quote.map { Self.quote(of: $0, signer: context.signer) }
    }

    private static func attachment(of item: MessageItem, signer: FileURLSigner?) -> MessageAttachmentImpl? {
        let file = item.file
        var parameters = item.fileParameters
        if parameters.isEmpty, let description = file?.desc { parameters = [description] }
        let files = parameters.compactMap { FileInfoImpl(parameters: $0, signer: signer) }
        guard !files.isEmpty else { return nil }
        let state: AttachmentState =
            switch file?.state {
            case "upload": .upload
            case "error": .error
            case "external_checks", "external_verification": .externalChecks
            default: .ready
            }
        return MessageAttachmentImpl(
            files: files,
            state: state,
            progress: file?.progress.map(Int64.init),
            errorType: file?.error,
            errorMessage: file?.visitorErrorMessage ?? file?.errorMessage
        )
    }

    private static func quote(of item: QuoteItem, signer: FileURLSigner?) -> QuoteImpl {
        let quoted = item.message
        let kind = quoted?.kind.flatMap(MessageItem.Kind.init(rawValue:))
        let type = messageType(of: kind)
        let isFile = type == .fileFromVisitor || type == .fileFromOperator
        let file =
            isFile ? quoted?.text.flatMap { FileParametersItem.list(fromMessageText: $0).first } : nil
        let state: QuoteState =
            switch item.knownState {
            case .filled: .filled
            case .notFound: .notFound
            case .pending, nil: .pending
            }
        return QuoteImpl(
            state: state,
            authorID: quoted?.authorId.map(String.init),
            attachment: file.flatMap { FileInfoImpl(parameters: $0, signer: signer) },
            timestamp: quoted?.ts.map { Date(timeIntervalSince1970: Double($0)) },
            messageID: quoted?.id,
            text: isFile ? nil : quoted?.text,
            type: type,
            senderName: quoted?.name
        )
    }

    static func messageType(of kind: MessageItem.Kind?) -> MessageType? {
        switch kind {
        case .visitor: .visitorMessage
        case .operator: .operatorMessage
        case .info: .info
        case .operatorBusy: .operatorBusy
        case .fileFromVisitor: .fileFromVisitor
        case .fileFromOperator: .fileFromOperator
        case .keyboard: .keyboard
        case .keyboardResponse: .keyboardResponse
        case .stickerVisitor: .stickerVisitor
        case .actionRequest: .actionRequest
        case .contactsRequest: .contactInformationRequest
        case .contacts, .forOperator, nil: nil
        }
    }
}
