import Foundation

/// A file's parameters: a file message's `text`, an upload's `data`, `data.file.desc` (PROTOCOL.md §4.5).
public struct FileParametersItem: Codable, Sendable, Equatable {
    /// Present for images: makes the attachment an image with a thumbnail.
    public struct Image: Codable, Sendable, Equatable {
        /// Pixel dimensions.
        public struct Size: Codable, Sendable, Equatable {
            public var width: Int
            public var height: Int

            public init(width: Int, height: Int) {
                self.width = width
                self.height = height
            }
        }

        public var size: Size?

        public init(size: Size?) { self.size = size }
    }

    public var guid: String?
    public var filename: String?
    public var contentType: String?
    public var clientContentType: String?
    /// Bytes.
    public var size: Int64?
    public var visitorId: String?
    public var image: Image?

    enum CodingKeys: String, CodingKey {
        case guid, filename, size, image
        case contentType = "content_type"
        case clientContentType = "client_content_type"
        case visitorId = "visitor_id"
    }

    public init(
        guid: String?,
        filename: String?,
        contentType: String?,
        clientContentType: String? = nil,
        size: Int64? = nil,
        visitorId: String? = nil,
        image: Image? = nil
    ) {
        self.guid = guid
        self.filename = filename
        self.contentType = contentType
        self.clientContentType = clientContentType
        self.size = size
        self.visitorId = visitorId
        self.image = image
    }

    /// The files of a file message's `text`: one object or an array of them (a multi-file message).
    public static func list(fromMessageText text: String) -> [FileParametersItem] {
        guard let value = try? JSONValue(parsing: Data(text.utf8)) else { return [] }
        if let one = try? WireCoding.decode(FileParametersItem.self, from: value) { return [one] }
        return (try? WireCoding.decode([FileParametersItem].self, from: value)) ?? []
    }

    /// This object as a file message's `text`.
    public func messageText() throws -> String {
        String(decoding: try WireCoding.makeEncoder().encode(self), as: UTF8.self)
    }
}
