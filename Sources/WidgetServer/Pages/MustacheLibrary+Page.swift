import Foundation
import HTTPAPI
import HTTPTypes
import Mustache

extension MustacheLibrary {
    /// The page templates in `directory` (`NAME.mustache`, registered as `NAME`), each without its indentation
    /// (`SourceCompactor.stripIndentation`): the page is read on every visit, its indentation only here.
    /// `rewrite` changes each template's text before it is registered (`TemplateLocalizer`).
    init(compactedTemplatesIn directory: URL, rewrite: (String) -> String = { $0 }) throws {
        self.init()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        for name in names where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let compacted = SourceCompactor.stripIndentation(text)
            try register(rewrite(compacted), named: String(name.dropLast(".mustache".count)))
        }
    }

    /// `template` rendered with `page`; a 500 naming the problem when the template is missing.
    func page(_ page: Any, template: String) throws -> String {
        guard let text = render(page, withTemplate: template) else {
            throw APIError(.templateMissing, "The page template is missing.")
        }
        return text
    }
}
