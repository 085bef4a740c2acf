import WebimWire

extension FileRecord {
    /// The wire file parameters (PROTOCOL.md §4.5).
    func wireItem() throws -> FileParametersItem {
        FileParametersItem(
            guid: guid,
            filename: filename,
            contentType: contentType,
            clientContentType: contentType,
            size: size,
            visitorId: visitorId,
            image: width.flatMap { width in height.map { .init(size: .init(width: width, height: $0)) } }
        )
    }
}
