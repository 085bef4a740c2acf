import Foundation
import MultipartKit
import NIOCore

/// A parsed `multipart/form-data` upload: text fields and the part named `file`.
struct UploadForm: Sendable {
    /// One uploaded file as received.
    struct File: Sendable {
        var filename: String
        var contentType: String
        var bytes: Data
    }

    /// Text parts by name.
    var fields: [String: String] = [:]
    var file: File?

    /// The boundary of a `multipart/form-data; boundary=…` content type; nil for any other type.
    static func boundary(contentType: String) -> String? {
        let parts = contentType.split(separator: ";")
        guard parts.first?.trimmingCharacters(in: .whitespaces).lowercased() == "multipart/form-data" else {
            return nil
        }
        for parameter in parts.dropFirst() {
            if let value = value(of: "boundary", in: String(parameter)), !value.isEmpty { return value }
        }
        return nil
    }

    /// Parses `body`; a syntax error gives nil.
    static func parse(_ body: ByteBuffer, boundary: String) -> UploadForm? {
        let parser = MultipartParser(boundary: boundary)
        var form = UploadForm()
        var headers: [String: String] = [:]
        var content = ByteBuffer()
        parser.onHeader = { name, value in headers[name.lowercased()] = value }
        parser.onBody = { chunk in content.writeBuffer(&chunk) }
        parser.onPartComplete = {
            let disposition = headers["content-disposition"] ?? ""
            let name = disposition.split(separator: ";").lazy.compactMap { value(of: "name", in: String($0)) }.first
            if name == "file" {
                let filename = disposition.split(separator: ";").lazy
                    .compactMap { value(of: "filename", in: String($0)) }.first
                form.file = File(
                    filename: filename ?? "file",
                    contentType: headers["content-type"] ?? "application/octet-stream",
                    bytes: Data(content.readableBytesView)
                )
            } else if let name {
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

    /// The value of `key="value"` (or unquoted) when `parameter` is that key.
    private static func value(of key: String, in parameter: String) -> String? {
        let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard pair.count == 2, pair[0].lowercased() == key else { return nil }
        return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }
}
