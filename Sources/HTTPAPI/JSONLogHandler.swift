public import Foundation
public import Logging

/// A log record as one line of JSON on standard error (`--log-format json`), for a collector that reads structured
/// logs: `{"time", "level", "label", "message", "metadata", "source", "file", "line"}`, written out by name so that a
/// query keeps working when the text changes.
public struct JSONLogHandler: LogHandler {
    public let label: String
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    /// Where the lines go; one write per record, so records from several threads never interleave.
    private let output: FileHandle

    public init(label: String, output: FileHandle = .standardError) {
        self.label = label
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, provided in provided } }
        if let given = event.metadata { merged.merge(given) { _, given in given } }
        let record = Record(
            time: Self.timestamp(Date()),
            level: event.level.rawValue,
            label: label,
            message: event.message.description,
            metadata: merged.isEmpty ? nil : merged.mapValues(Self.json),
            source: event.source,
            file: event.file,
            line: event.line
        )
        guard var line = try? Self.encoder.encode(record) else { return }
        line.append(UInt8(ascii: "\n"))
        output.write(line)
    }

    private struct Record: Encodable {
        var time: String
        var level: String
        var label: String
        var message: String
        var metadata: [String: MetadataJSON]?
        var source: String
        var file: String
        var line: UInt

        private enum CodingKeys: String, CodingKey {
            case time = "time"
            case level = "level"
            case label = "label"
            case message = "message"
            case metadata = "metadata"
            case source = "source"
            case file = "file"
            case line = "line"
        }
    }

    /// A metadata value as JSON: a string, or an array or object of them, as the logger was given it.
    private indirect enum MetadataJSON: Encodable {
        case string(String)
        case array([MetadataJSON])
        case object([String: MetadataJSON])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .array(let items): try container.encode(items)
            case .object(let fields): try container.encode(fields)
            }
        }
    }

    private static func json(_ value: Logger.MetadataValue) -> MetadataJSON {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let convertible): .string(convertible.description)
        case .array(let items): .array(items.map(json))
        case .dictionary(let fields): .object(fields.mapValues(json))
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// RFC 3339 in UTC with milliseconds, as log collectors parse it.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
