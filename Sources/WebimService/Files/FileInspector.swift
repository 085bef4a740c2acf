import Foundation

/// What the upload checks need to know about a file's name and bytes (PROTOCOL.md §7.1).
enum FileInspector {
    /// The content type each known extension must be declared with.
    static let contentTypes: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "pdf": "application/pdf", "txt": "text/plain", "zip": "application/zip", "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]

    /// The first bytes each extension's files start with.
    private static let magicNumbers: [String: [[UInt8]]] = [
        "png": [[0x89, 0x50, 0x4E, 0x47]], "jpg": [[0xFF, 0xD8, 0xFF]], "jpeg": [[0xFF, 0xD8, 0xFF]],
        "gif": [Array("GIF8".utf8)], "pdf": [Array("%PDF".utf8)], "zip": [[0x50, 0x4B, 0x03, 0x04]],
        "docx": [[0x50, 0x4B, 0x03, 0x04]], "xlsx": [[0x50, 0x4B, 0x03, 0x04]], "webp": [Array("RIFF".utf8)],
    ]

    /// The EICAR test string: what "malware" means to this service.
    static let eicar = Data(#"X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"#.utf8)

    /// The lowercased extension of a file name.
    static func fileExtension(_ filename: String) -> String {
        (filename as NSString).pathExtension.lowercased()
    }

    /// Whether a declared content type fits the extension; unknown extensions and octet-stream always fit.
    static func contentTypeFits(_ contentType: String, filename: String) -> Bool {
        let declared = contentType.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let expected = contentTypes[fileExtension(filename)], let declared,
            declared != "application/octet-stream"
        else { return true }
        return declared == expected || (expected == "image/jpeg" && declared == "image/jpg")
    }

    /// Whether the bytes start as the extension's files do; unknown extensions always match.
    static func magicNumbersMatch(_ bytes: Data, filename: String) -> Bool {
        guard let signatures = magicNumbers[fileExtension(filename)] else { return true }
        return signatures.contains { bytes.starts(with: $0) }
    }

    /// Whether the bytes carry the EICAR test string.
    static func looksMalicious(_ bytes: Data) -> Bool { bytes.range(of: eicar) != nil }

    /// The content type to store: the extension's, else what the client declared.
    static func contentType(for filename: String, declared: String) -> String {
        contentTypes[fileExtension(filename)] ?? declared
    }

    /// Pixel size of a PNG, GIF or JPEG; nil for anything else.
    static func imageSize(_ bytes: Data) -> (width: Int, height: Int)? {
        let data = [UInt8](bytes.prefix(65_536))
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]), data.count >= 24 {
            return (Int(bigEndian: data[16...19]), Int(bigEndian: data[20...23]))
        }
        if data.starts(with: Array("GIF8".utf8)), data.count >= 10 {
            return (Int(data[6]) | Int(data[7]) << 8, Int(data[8]) | Int(data[9]) << 8)
        }
        if data.starts(with: [0xFF, 0xD8]) { return jpegSize(data) }
        return nil
    }

    /// Walks JPEG segments to the first start-of-frame marker.
    private static func jpegSize(_ data: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 9 < data.count {
            guard data[index] == 0xFF else { return nil }
            let marker = data[index + 1]
            let length = Int(data[index + 2]) << 8 | Int(data[index + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let height = Int(data[index + 5]) << 8 | Int(data[index + 6])
                let width = Int(data[index + 7]) << 8 | Int(data[index + 8])
                return (width, height)
            }
            index += 2 + length
        }
        return nil
    }
}

extension Int {
    /// A big-endian unsigned integer from bytes.
    fileprivate init(bigEndian bytes: ArraySlice<UInt8>) {
        self = bytes.reduce(0) { $0 << 8 | Int($1) }
    }
}
