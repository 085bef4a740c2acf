import Foundation
import HTTPTypes
import NIOCore
import WebimWire

/// The answer of this service's hints endpoint to `POST {"text": …}` (PROTOCOL.md §9): the location's hint
/// questions that match, as `{"suggestions":[{"text":…}]}`. Not a protocol action: the SDK posts JSON to whatever
/// URL the account config names, so a refusal is an HTTP status with `{"error":…}`, not the protocol's 200.
struct HintsAnswer {
    /// A question as long as a message may be, in JSON, with room to spare: nothing longer is read.
    static let bodyLimit = 16 << 10

    /// The answer's JSON: the suggestions, or an error.
    enum Body: Encodable {
        case suggestions(HintsResponse)
        case error(String)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .suggestions(let response): try response.encode(to: encoder)
            case .error(let error): try ["error": error].encode(to: encoder)
            }
        }
    }

    let status: HTTPResponse.Status
    let body: Body

    init(_ requestBody: WireCall.Body, questions: HintQuestions) {
        guard !questions.isEmpty else {
            (status, body) = (.notFound, .error("no-hints"))
            return
        }
        guard case .bytes(let bytes) = requestBody else {
            (status, body) = (.contentTooLarge, .error(WireError.wrongArgumentValue))
            return
        }
        guard let request = try? JSONDecoder().decode(HintsRequest.self, from: Data(bytes.readableBytesView)) else {
            (status, body) = (.badRequest, .error(WireError.wrongArgumentValue))
            return
        }
        let suggestions = questions.suggestions(for: request.text).map(HintsResponse.Suggestion.init(text:))
        (status, body) = (.ok, .suggestions(HintsResponse(suggestions: suggestions)))
    }
}
