import Foundation
import HTTPAPI
import Mustache

/// The page templates once per locale the page speaks, their sentences already in it (`TemplateLocalizer`): made
/// once as the server starts, so that a page costs one render whatever its language.
struct LocalizedTemplates: Sendable {
    private let libraries: [String: MustacheLibrary]
    private let english: MustacheLibrary
    private let strings: PageStrings

    /// The templates in `directory` in every locale of `strings`.
    init(directory: URL, strings: PageStrings) throws {
        var libraries: [String: MustacheLibrary] = [:]
        for (locale, table) in strings.tables {
            libraries[locale] = try MustacheLibrary(compactedTemplatesIn: directory) {
                TemplateLocalizer.localize($0, with: table)
            }
        }
        self.libraries = libraries
        english = try libraries["en"] ?? MustacheLibrary(compactedTemplatesIn: directory)
        self.strings = strings
    }

    /// The server's templates in every locale of the strings beside its page (`Public/i18n`).
    init(configuration: WidgetConfiguration) throws {
        try self.init(
            directory: configuration.templatesDirectory,
            strings: PageStrings(directory: configuration.publicDirectory.appendingPathComponent("i18n"))
        )
    }

    /// The sentence `key` in `locale`, as the script would say it; nil where the strings lack it.
    func string(_ key: String, in locale: String) -> String? {
        strings.tables[locale]?[key] ?? strings.tables["en"]?[key]
    }

    /// The templates in `locale`; English for a locale the page does not speak.
    func templates(in locale: String) -> MustacheLibrary { libraries[locale] ?? english }
}
