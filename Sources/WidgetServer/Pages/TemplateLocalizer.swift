import Foundation

/// A page template with its sentences in one locale: what the script's `Strings.apply` does to the page once it runs
/// (`Public/js/i18n.js`), done to the template's text before it is ever rendered. An element's `data-i18n` key names
/// its text; `data-i18n-label`, `-placeholder` and `-title` name its `aria-label`, `placeholder` and `title`. A key
/// the table lacks keeps the template's English, as the script keeps it.
///
/// The templates are this repository's own, so their markup is known: an element with a `data-i18n` key holds plain
/// text (the script replaces its `textContent`), and its tag is on one line.
enum TemplateLocalizer {
    /// An element whose text a `data-i18n` key names: its opening tag, the key, its text and its closing tag.
    private static var textElement:
        Regex<(Substring, open: Substring, tag: Substring, key: Substring, text: Substring, close: Substring)>
    {
        /(?<open><(?<tag>[a-z][a-z0-9]*)\b[^<>]*?\bdata-i18n="(?<key>[\w.-]+)"[^<>]*>)(?<text>[^<]*)(?<close><\/\k<tag>>)/
    }
    /// Any opening tag.
    private static var openingTag: Regex<Substring> { /<[a-z][a-z0-9]*\b[^<>]*>/ }
    private static let translatedAttributes = [
        ("data-i18n-label", "aria-label"), ("data-i18n-placeholder", "placeholder"), ("data-i18n-title", "title"),
    ]

    static func localize(_ template: String, with strings: [String: String]) -> String {
        let texts = template.replacing(textElement) { match in
            guard let translated = usable(strings[String(match.output.key)]) else { return String(match.output.0) }
            return String(match.output.open) + escaped(translated) + String(match.output.close)
        }
        return texts.replacing(openingTag) { match in localizeAttributes(of: String(match.output), with: strings) }
    }

    private static func localizeAttributes(of tag: String, with strings: [String: String]) -> String {
        var tag = tag
        for (hook, attribute) in translatedAttributes {
            guard let key = attributeValue(hook, in: tag).map({ String(tag[$0]) }),
                let translated = usable(strings[key])
            else { continue }
            if let existing = attributeValue(attribute, in: tag) {
                tag.replaceSubrange(existing, with: escaped(translated))
            } else {
                let end = tag.hasSuffix("/>") ? tag.index(tag.endIndex, offsetBy: -2) : tag.index(before: tag.endIndex)
                tag.insert(contentsOf: " \(attribute)=\"\(escaped(translated))\"", at: end)
            }
        }
        return tag
    }

    /// Where the value of the attribute `name` is in `tag`, between its quotes (a tag may run over lines).
    private static func attributeValue(_ name: String, in tag: String) -> Range<String.Index>? {
        var searched = tag.startIndex
        while let found = tag.range(of: "\(name)=\"", range: searched..<tag.endIndex) {
            searched = found.upperBound
            guard found.lowerBound > tag.startIndex, tag[tag.index(before: found.lowerBound)].isWhitespace,
                let end = tag[found.upperBound...].firstIndex(of: "\"")
            else { continue }
            return found.upperBound..<end
        }
        return nil
    }

    /// A translation that may go into a template: none that would open a mustache tag.
    private static func usable(_ translated: String?) -> String? {
        guard let translated, !translated.contains("{{"), !translated.contains("}}") else { return nil }
        return translated
    }

    private static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
