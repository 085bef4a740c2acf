/// The `data` of a `HISTORY_REVISION` delta (PROTOCOL.md §3.4).
///
/// Read as a string or an integer; written as an integer, which iOS ≤ 3.41 requires (PROTOCOL.md §11.7).
public struct HistoryRevisionItem: Codable, Sendable, Equatable {
    public var revision: Int64

    enum CodingKeys: String, CodingKey { case revision }

    public init(revision: Int64) { self.revision = revision }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        revision = try container.decodeFlexibleInteger(forKey: .revision)
    }
}

extension KeyedDecodingContainer {
    /// An integer written either as a JSON number or as decimal text.
    func decodeFlexibleInteger(forKey key: Key) throws -> Int64 {
        if let number = try? decode(Int64.self, forKey: key) { return number }
        let text = try decode(String.self, forKey: key)
        guard let number = Int64(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not an integer: \(text)")
        }
        return number
    }
}
