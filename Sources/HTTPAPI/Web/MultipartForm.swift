public import Foundation
import MultipartKit
public import NIOCore

/// A parsed `multipart/form-data` body: text fields and at most one file part. Both servers read uploads with
/// it: the service the protocol's (PROTOCOL.md §7.1, §5.2), the widget its page's.
public struct MultipartForm: Sendable {
    /// Text parts by name.
    public var fields: [String: String] = [:]
    /// The part named `fileFieldName`, or else the first part with a filename.
    public var file: UploadedPart?

    /// The boundary of a `multipart/form-data; boundary=…` content type; nil for any other type.
    public static func boundary(contentType: String) -> String? {
        let parts = contentType.split(separator: ";")
        guard parts.first?.trimmingCharacters(in: .whitespaces).lowercased() == "multipart/form-data" else {
            return nil
        }
        let boundary = parameter("boundary", in: parts.dropFirst().joined(separator: ";"))
        return boundary?.isEmpty == false ? boundary : nil
    }

    /// The boundary of a body that starts with `--boundary` (iOS's mislabelled offline messages, PROTOCOL.md §11.10).
    public static func boundary(firstLineOf body: ByteBuffer) -> String? {
        let text = String(buffer: body.getSlice(at: body.readerIndex, length: min(body.readableBytes, 200)) ?? body)
        guard text.hasPrefix("--"), let line = text.split(whereSeparator: \.isNewline).first else { return nil }
        let boundary = line.dropFirst(2)
        return boundary.isEmpty ? nil : String(boundary)
    }

    /// Parses `body`; a syntax error gives nil. A file part without a filename is named `fileFieldName`.
    public static func parse(_ body: ByteBuffer, boundary: String, fileFieldName: String) -> MultipartForm? {
        guard !boundary.isEmpty else { return nil }
        let parser = MultipartParser(boundary: boundary)
        var form = MultipartForm()
        var headers: [String: String] = [:]
        var content = ByteBuffer()
        parser.onHeader = { name, value in headers[name.lowercased()] = value }
        parser.onBody = { chunk in content.writeBuffer(&chunk) }
        parser.onPartComplete = {
            let disposition = headers["content-disposition"] ?? ""
            let name = Self.parameter("name", in: disposition) ?? ""
            let filename = Self.parameter("filename", in: disposition)
            if name == fileFieldName || (filename != nil && form.file == nil) {
                form.file = UploadedPart(
                    filename: filename ?? fileFieldName,
                    contentType: headers["content-type"] ?? "application/octet-stream",
                    bytes: Data(content.readableBytesView)
                )
            } else {
                form.fields[name] = String(buffer: content)
            }
            headers = [:]
            content = ByteBuffer()
        }
        do {
            try parser.execute(body)
        } catch {
            return nil
        }
        return form
    }

    /// A `key="value"` (or unquoted) parameter of a header value. A quoted value is taken as it is, up to its closing
    /// quote: a file named `minutes; final.txt` or `\tnotes.txt` keeps its whole name. Browsers write a `"` in a name
    /// as `%22` and never escape a backslash, so a backslash is a character like any other (`..\win.ini`).
    static func parameter(_ key: String, in header: String) -> String? {
        var parameters: [(name: String, value: String)] = []
        var name = ""
        var value = ""
        var readingValue = false
        var inQuotes = false
        var wasQuoted = false
        func finish() {
            let finalValue = wasQuoted ? value : value.trimmingCharacters(in: .whitespaces)
            parameters.append((name.trimmingCharacters(in: .whitespaces).lowercased(), finalValue))
            (name, value, readingValue, wasQuoted) = ("", "", false, false)
        }
        for character in header {
            if inQuotes {
                if character == "\"" { inQuotes = false } else { value.append(character) }
            } else if character == ";" {
                finish()
            } else if readingValue {
                if character == "\"", !wasQuoted, value.trimmingCharacters(in: .whitespaces).isEmpty {
                    (value, inQuotes, wasQuoted) = ("", true, true)
                } else if !wasQuoted {
                    value.append(character)
                }
            } else if character == "=" {
                readingValue = true
            } else {
                name.append(character)
            }
        }
        finish()
        return parameters.first { $0.name == key }?.value
    }
}

/// An uploaded file as received.
public struct UploadedPart: Sendable {
    public var filename: String
    public var contentType: String
    public var bytes: Data

    public init(filename: String, contentType: String, bytes: Data) {
        self.filename = filename
        self.contentType = contentType
        self.bytes = bytes
    }
}
