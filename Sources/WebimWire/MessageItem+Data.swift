/// Typed reads of a message's `data` and file `text` (PROTOCOL.md §4.4–§4.8); nil when absent or malformed.
extension MessageItem {
    /// The keyboard of a `keyboard` message.
    public var keyboard: KeyboardItem? {
        guard knownKind == .keyboard else { return nil }
        return try? data?.decode(KeyboardItem.self)
    }

    /// The choice of a `keyboard_response` message.
    public var keyboardResponse: KeyboardResponseItem? {
        guard knownKind == .keyboardResponse else { return nil }
        return try? data?.decode(KeyboardResponseItem.self)
    }

    /// `data.file` of a file message: its processing state.
    public var file: MessageFileItem? { try? data?["file"]?.decode(MessageFileItem.self) }

    /// The attached files of a file message, from `text` (one object or an array).
    public var fileParameters: [FileParametersItem] {
        guard knownKind == .fileFromVisitor || knownKind == .fileFromOperator else { return [] }
        return FileParametersItem.list(fromMessageText: text)
    }

    /// The sticker of a `sticker_visitor` message.
    public var sticker: StickerItem? {
        guard knownKind == .stickerVisitor else { return nil }
        return try? data?.decode(StickerItem.self)
    }

    /// `data.extra_text`: a caption shown with a file.
    public var extraText: String? { data?["extra_text"]?.stringValue }
}
