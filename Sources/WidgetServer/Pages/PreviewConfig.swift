import Foundation
package import HTTPAPI
import Hummingbird
import WebimWire

/// One widget configuration on the preview page: a caption and the query string of its `GET /?…` frame.
struct PreviewVariant: Encodable, Equatable, Sendable {
    var name: String
    var query: String
}

/// Why a preview configuration cannot be used: a stable code and a sentence naming the variant, and the file only as
/// `serve` reports it at start (a running server's answers name no path of its machine).
public struct PreviewConfigError: Error, CustomStringConvertible, Sendable {
    /// `preview_config_missing` (the file cannot be read) or `preview_config_invalid`; a variant given in the query
    /// is answered `invalid_variant` instead (`PreviewController`).
    package let code: APIError.Code
    /// What is wrong and where.
    public let message: String
    /// The key the configuration may not have, as a path (`junk`, `variants[2].colour`); nil for any other problem.
    package var unknownKey: String? = nil

    public var description: String { message }

}

extension PreviewConfigError: APIErrorConvertible {
    /// The answer of `/preview` and `/preview/config`: the server's file is at fault, not the request.
    package var apiError: APIError { APIError(code, message) }
}

/// Reads preview variants from a JSON file (`--preview-config`) or from the preview page's query string.
///
/// The file is `{"variants": [{"name": "Sales", "options": {"title": "Sales", "palette": "green"}}, …]}`;
/// each option is one of `GET /`'s (a string, number or boolean) and is checked the same way, so a
/// preview never shows a frame that would answer 400.
enum PreviewConfig {
    /// More frames than this make the preview page too slow to be useful.
    static let maximumVariants = 12
    /// `mode` and `theme` are not `WidgetOptions` but the page reads them.
    static let knownNames = Set(WidgetOptions.names + ["mode", "theme"])
    /// The keys a configuration holds, and each of its variants; a variant's options are checked as options.
    static let fileKeys: Set<String> = ["variants"]
    static let variantKeys: Set<String> = ["name", "options"]

    /// Shown when neither a file nor the query string names variants.
    static let builtIn: [PreviewVariant] = [
        PreviewVariant(
            name: "Default, with an invitation",
            query: "location=default&invitation=Hi%21%20Ask%20us%20anything."
        ),
        PreviewVariant(
            name: "Green, Russian, subtitle",
            query: "location=default&palette=green&locale=ru&subtitle=%D0%9D%D0%B0%20%D1%81%D0%B2%D1%8F%D0%B7%D0%B8"
        ),
        PreviewVariant(
            name: "Dark, right-to-left, custom accent",
            query: "location=default&dark=1&dir=rtl&accent=%23e11d48"
        ),
        PreviewVariant(
            name: "Floating launcher, left",
            query: "location=offline&launcher=floating&position=left&open=1"
        ),
        PreviewVariant(
            name: "Pre-chat form, departments",
            query: "location=prechat"
        ),
    ]

    /// `/preview?set=features`: one frame per Webim feature a visitor meets, each its scenario's state, so a
    /// developer sees every one without scripting the console. Five: a browser opens at most six connections to one
    /// HTTP/1.1 origin and each frame holds its event stream open, so a sixth frame would leave no connection for
    /// the parts the frames load later (stickers and files show in the gallery).
    static let features: [PreviewVariant] = [
        PreviewVariant(name: "Survey: stars, options, comment", query: "location=survey&prefill=How%20are%20you%3F"),
        PreviewVariant(name: "Pre-chat form", query: "location=prechat"),
        PreviewVariant(name: "Hints as you type", query: "location=hints&prefill=deli"),
        PreviewVariant(name: "Contacts and action requests", query: "location=requests"),
        PreviewVariant(name: "Proactive invitation", query: "location=invitation"),
    ]

    /// Variants from the file's bytes; `source` names the file in errors.
    static func decode(_ data: Data, source: String) throws(PreviewConfigError) -> [PreviewVariant] {
        let invalid = { (why: String) in
            PreviewConfigError(code: .previewConfigInvalid, message: "\(source): \(why)")
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw invalid("\(path(context.codingPath + [key])) is missing.")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw invalid("\(path(context.codingPath)) has the wrong type (an option is a string, number or boolean).")
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw invalid("\(path(context.codingPath)) is not a string, number or boolean.")
        } catch {
            throw invalid("not valid JSON.")
        }
        // A key the server does not read is a typo the developer would not see, or something else a saved body would
        // leave in their file.
        if let key = firstUnknownKey(in: data) {
            var error = invalid("\(key) is not a key of a preview configuration (variants, each a name and options).")
            error.unknownKey = key
            throw error
        }
        guard (1...maximumVariants).contains(file.variants.count) else {
            throw invalid("\"variants\" holds 1 to \(maximumVariants) variants.")
        }
        var result: [PreviewVariant] = []
        for (index, variant) in file.variants.enumerated() {
            let pairs = variant.options.map { ($0.key, $0.value.text) }
            let name = variant.name ?? variant.options["title"]?.text ?? "Variant \(index + 1)"
            result.append(try make(name: name, pairs: pairs, place: "\(source), variant \(index + 1)"))
        }
        return result
    }

    /// The first key of `data` that a configuration does not have, as a path: the file's own keys first, then each
    /// variant's in turn, each object's in alphabetical order (a parsed JSON object keeps no order). Nil when there is
    /// none, or for data that is no JSON object (the decoder says why).
    static func firstUnknownKey(in data: Data) -> String? {
        guard let file = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        if let key = file.keys.sorted().first(where: { !fileKeys.contains($0) }) { return key }
        let variants = file["variants"] as? [Any] ?? []
        for (index, variant) in variants.enumerated() {
            let keys = (variant as? [String: Any])?.keys.sorted() ?? []
            if let key = keys.first(where: { !variantKeys.contains($0) }) { return "variants[\(index + 1)].\(key)" }
        }
        return nil
    }

    private struct File: Decodable {
        var variants: [Variant]
    }

    private struct Variant: Decodable {
        var name: String?
        var options: [String: Scalar]
    }

    /// An option's value; `true` reads as "1", as `dark=1` in a query string.
    private struct Scalar: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                text = flag ? "1" : "0"
            } else if let number = try? container.decode(Double.self) {
                text = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            } else {
                text = try container.decode(String.self)
            }
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0 + 1)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    /// Variants from the preview page's `variant` parameters, each a query string of `GET /`.
    static func fromQuery(_ queries: [String]) throws(PreviewConfigError) -> [PreviewVariant] {
        guard queries.count <= maximumVariants else {
            throw PreviewConfigError(
                code: .previewConfigInvalid,
                message: "At most \(maximumVariants) variant parameters."
            )
        }
        var result: [PreviewVariant] = []
        for (index, query) in queries.enumerated() {
            // As `GET /` reads its query: `+` is a space.
            let pairs = WireForm.decodePairs(query).map { ($0.name, $0.value) }
            let title = pairs.first { $0.0 == "title" }?.1
            result.append(try make(name: title ?? "Variant \(index + 1)", pairs: pairs, place: "variant \(index + 1)"))
        }
        return result
    }

    /// Checks the options as `GET /` would and builds the frame's query string.
    private static func make(
        name: String,
        pairs: [(String, String)],
        place: String
    ) throws(PreviewConfigError) -> PreviewVariant {
        let invalid = { (why: String) in PreviewConfigError(code: .previewConfigInvalid, message: "\(place): \(why)")
        }
        if let unknown = pairs.map(\.0).first(where: { !knownNames.contains($0) }) {
            throw invalid("\(unknown) is not an option of the widget page.")
        }
        let values = Dictionary(pairs, uniquingKeysWith: { _, last in last })
        do {
            // Only the variant's own values are checked here: the location it falls back to is the server's.
            _ = try WidgetOptions.parse(defaultLocation: WidgetConfiguration.Defaults.defaultLocation) { values[$0] }
        } catch let error as APIError {
            throw invalid(error.message)
        } catch {
            throw invalid("\(error)")
        }
        let order = WidgetOptions.names + ["mode", "theme"]
        let query = order.compactMap { key in values[key].map { "\(key)=\(encode($0))" } }.joined(separator: "&")
        return PreviewVariant(name: String(name.prefix(80)), query: query)
    }

    private static let unreserved = CharacterSet(charactersIn: "-._~").union(
        CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    )

    private static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
