import HTTPTypes
import Mustache

extension MustacheLibrary {
    /// `template` rendered with `page`; a 500 naming the problem when the template is missing.
    func page(_ page: Any, template: String) throws -> String {
        guard let text = render(page, withTemplate: template) else {
            throw APIError(
                status: .internalServerError,
                code: "template_missing",
                message: "The page template is missing."
            )
        }
        return text
    }
}
