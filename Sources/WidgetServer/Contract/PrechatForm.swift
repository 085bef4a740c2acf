import Foundation
import WebimWire

/// The location's pre-chat form as the page builds it: the `firstQuestion` form of its config over `def` (the SDK's
/// `getFirstQuestionVsDef()`), hidden fields left out, each part bounded, since the config comes from the service and
/// every byte of it reaches each new visitor's page.
struct PrechatForm: Encodable, Sendable, Equatable {
    /// One field the visitor fills in.
    struct Field: Encodable, Sendable, Equatable {
        /// The visitor field's name (`name`, `email`, `phone`, …), sent back as a custom field of the chat's start.
        var name: String
        /// The location's label; the page words the fields it knows itself, in the visitor's language.
        var label: String?
        var required: Bool
        /// `text`, `email` or `phone`: how the page checks the value.
        var type: String
        /// The most characters the value may have.
        var maxLength: Int
        /// The location's mask (`+9 (999) 999-99-99`): `9` stands for a digit.
        var mask: String?
    }

    var fields: [Field]
    /// The text above the form (`first_question-descr`).
    var description: String?

    /// The most fields a form has; a config with more keeps the first in `order`.
    static let maximumFields = 20
    /// The longest label, mask and description the page is given.
    static let maximumLabelLength = 200
    static let maximumMaskLength = 64
    static let maximumDescriptionLength = 2000
    /// The longest value any field takes, whatever the config says; also the value of a field that names none.
    static let maximumValueLength = 1000
    /// A field's name: what the chat start's custom fields take as a key.
    static let maximumNameLength = 64

    /// The fields the visitor knows first, in the order every pre-chat form asks them; others follow by name.
    private static let order = ["name", "email", "phone"]

    /// The form of `config`, or nil when the location asks for none (no `firstQuestion` form).
    init?(config: LocationConfigResponse) {
        let settings = config.locationSettings
        let forms = settings?.chat?.visitorFields
        guard let asked = forms?[LocationSettingsItem.Form.firstQuestion] else { return nil }
        let rules = (forms?[LocationSettingsItem.Form.def] ?? [:]).merging(asked) { $1 }
        let labels = settings?.chat?.visitorFieldLabels ?? [:]
        let names = rules.keys.filter(Self.isFieldName).sorted { first, second in
            let (a, b) = (Self.order.firstIndex(of: first) ?? .max, Self.order.firstIndex(of: second) ?? .max)
            return a == b ? first < second : a < b
        }
        fields = names.compactMap { name -> Field? in
            guard let rule = rules[name], rule.presence != LocationSettingsItem.Presence.none else { return nil }
            let limit = rule.validation?.maxLength.map { min(max($0, 1), Self.maximumValueLength) }
            return Field(
                name: name,
                label: labels[name].flatMap { Self.bounded($0, Self.maximumLabelLength) },
                required: rule.presence == LocationSettingsItem.Presence.mandatory,
                type: Self.kind(rule.validation?.type),
                maxLength: limit ?? Self.maximumValueLength,
                mask: rule.validation?.mask.flatMap { Self.bounded($0, Self.maximumMaskLength) }
            )
        }.prefix(Self.maximumFields).map { $0 }
        description = settings?.resources?[LocationSettingsItem.Resource.firstQuestionDescription].flatMap {
            Self.bounded($0, Self.maximumDescriptionLength)
        }
    }

    /// The page's check for a validation `type`: Webim names no closed set, so only these two are told apart.
    private static func kind(_ type: String?) -> String {
        switch type?.lowercased() {
        case "email": "email"
        case "phone", "tel": "phone"
        default: "text"
        }
    }

    /// Names the page can use as an element id's part and the chat's start takes as a custom field's key.
    private static func isFieldName(_ name: String) -> Bool {
        (1...maximumNameLength).contains(name.count) && name.unicodeScalars.allSatisfy(allowedInNames.contains)
    }

    private static let allowedInNames: Set<Unicode.Scalar> = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-".unicodeScalars
    )

    /// The text without surrounding space, cut to `limit` characters; nil when nothing is left.
    private static func bounded(_ text: String, _ limit: Int) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : String(trimmed.prefix(limit))
    }
}
