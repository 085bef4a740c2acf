import Foundation

/// The locales the visitor's page speaks (each has `Public/i18n/{locale}.json`; a test holds the two together), and
/// the choice of one for a browser's `Accept-Language`, the way the page chooses for `navigator.languages`
/// (`Public/js/i18n.js` `bestLocale`), so that the first paint is already in the visitor's language.
enum WidgetLocales {
    static let all = [
        "en", "ru", "uk", "kk", "uz", "az", "de", "fr", "es", "it", "pt-BR", "tr", "pl", "zh-CN", "ja", "ar", "he",
    ]
    /// A tester's pseudo-locale: English drawn longer and accented (`Public/js/pseudo-locale.js`).
    static let pseudo = "qps"
    /// The `locale` option's value that lets the browser choose.
    static let automatic = "auto"

    /// The first preference that names a locale exactly, or by its language (`pt-PT` finds `pt-BR`); else English.
    static func best(of preferences: [String]) -> String {
        for wanted in preferences {
            let tag = wanted.lowercased()
            let language = tag.split(separator: "-").first.map(String.init) ?? tag
            if let exact = all.first(where: { $0.lowercased() == tag }) { return exact }
            if let sameLanguage = all.first(where: { $0.split(separator: "-").first.map(String.init) == language }) {
                return sameLanguage
            }
        }
        return "en"
    }

    /// An `Accept-Language` header's tags, most wanted first (`q` values; a tag without one is 1; `*` and `q=0`
    /// left out). At most 32 are read: a longer header is someone's attempt, not a browser's.
    static func preferences(acceptLanguage header: String?) -> [String] {
        guard let header else { return [] }
        let weighted = header.split(separator: ",").prefix(32).enumerated().compactMap {
            index,
            item -> (String, Double, Int)? in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, !tag.isEmpty, tag != "*", tag.count <= 35 else { return nil }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0 ? (tag, quality, index) : nil
        }
        return weighted.sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }.map(\.0)
    }
}
