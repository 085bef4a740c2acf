import Foundation

/// Prechat fields as the SDK sends them: JSON, whatever the app passed (PROTOCOL.md §2.2).
enum PrechatFields {
    /// JSON stays as is; `key:value` lines (or their hexadecimal UTF-8) become a JSON object.
    static func normalize(_ text: String) -> String {
        if isJSONObject(text) { return text }
        let decoded = hexDecoded(text) ?? text
        if isJSONObject(decoded) { return decoded }
        var fields: [String: String] = [:]
        for line in decoded.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            fields[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func isJSONObject(_ text: String) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) is [String: Any]
    }

    private static func hexDecoded(_ text: String) -> String? {
        guard text.count.isMultiple(of: 2), !text.isEmpty, text.allSatisfy(\.isHexDigit) else { return nil }
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return String(bytes: bytes, encoding: .utf8)
    }
}

/// The fields of the provided visitor JSON (PROTOCOL.md §2.7), for routing rules.
struct ProvidedFields {
    var values: [String: String]

    init?(json: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            return nil
        }
        let fields = object["fields"] as? [String: Any] ?? object
        values = fields.compactMapValues { value in (value as? String) ?? (value as? NSNumber)?.stringValue }
    }
}
