import Foundation

/// Every sentence the page's templates say, in each locale the page speaks: the same strings files the script reads
/// (`Public/i18n/{locale}.json` and its parts, `{locale}.{part}.json`), so that the server draws the first paint in
/// the visitor's language and the script, once it runs, changes nothing.
struct PageStrings: Sendable {
    /// Each locale's strings, every part of it in one table (the script adds the parts to one table too).
    let tables: [String: [String: String]]

    /// Reads the strings files in `directory`; a file that cannot be read leaves its locale with the others' keys
    /// in English, as the page shows a part that fails to load.
    init(directory: URL) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var tables: [String: [String: String]] = [:]
        for locale in WidgetLocales.all {
            var table: [String: String] = [:]
            for file in files
            where file == "\(locale).json" || (file.hasPrefix("\(locale).") && file.hasSuffix(".json")) {
                guard let data = try? Data(contentsOf: directory.appendingPathComponent(file)),
                    let strings = try? JSONDecoder().decode([String: String].self, from: data)
                else { continue }
                table.merge(strings) { first, _ in first }
            }
            tables[locale] = table
        }
        tables[WidgetLocales.pseudo] = (tables["en"] ?? [:]).mapValues(PseudoLocale.pseudo)
        self.tables = tables
    }

    /// Whether `locale` is written right to left (`Public/js/i18n.js` `directionOf`).
    static func direction(of locale: String) -> String {
        let language = locale.split(separator: "-").first.map(String.init) ?? locale
        return ["ar", "he", "fa", "ur"].contains(language) ? "rtl" : "ltr"
    }
}
