/// A chat's `translationOptions` (PROTOCOL.md §4.1).
public struct TranslationOptionsItem: Codable, Sendable, Equatable {
    public var enabled: Bool?
    public var language: String?

    public init(enabled: Bool? = nil, language: String? = nil) {
        self.enabled = enabled
        self.language = language
    }
}
