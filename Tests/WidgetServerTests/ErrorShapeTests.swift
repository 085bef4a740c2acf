import Foundation
import NIOHTTP1
import TestSupport
import Testing

/// The widget server and the embedded service's console answer a bad body with the same error, byte for byte: one
/// `APIError`, one JSON body reader.
@Suite struct ErrorShapeTests {
    private struct BadBody: Sendable {
        var body: String
        var contentType = "application/json"
        var status: UInt
        var code: String
        var field: String?
    }

    private static let badBodies: [BadBody] = [
        BadBody(body: "{", status: 400, code: "invalid_json"),
        BadBody(body: "{}", status: 400, code: "missing_field", field: "text"),
        BadBody(body: #"{"text":5}"#, status: 400, code: "invalid_field", field: "text"),
        BadBody(body: "text=hi", contentType: "text/plain", status: 415, code: "unsupported_media_type"),
    ]

    @Test func bothServersAnswerABadBodyAlike() async throws {
        try await LiveStack.withStack { stack in
            let widget = WidgetClient(stack)
            let tab = try await widget.createTab()
            var service = WidgetClient(stack)
            service.baseURL = stack.serviceURL
            let token = ["Authorization": "Bearer \(OperatorConsoleClient.testToken)"]
            for bad in Self.badBodies {
                let fromWidget = try await widget.request(
                    .POST,
                    "/api/tabs/\(tab)/messages",
                    body: bad.body,
                    contentType: bad.contentType
                )
                let fromConsole = try await service.request(
                    .POST,
                    "/operator/api/visitors/nobody/messages",
                    body: bad.body,
                    contentType: bad.contentType,
                    headers: token
                )
                for answer in [fromWidget, fromConsole] {
                    #expect(answer.status == bad.status, "\(bad.body): \(answer.text)")
                    #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
                    #expect(Set(answer.json.keys) == ["error"], "\(answer.text)")
                    let error = try #require(answer.json["error"] as? [String: Any])
                    #expect(Set(error.keys).isSubset(of: ["code", "message", "field"]), "\(answer.text)")
                    #expect(error["message"] is String)
                    #expect(answer.errorCode == bad.code && answer.errorField == bad.field, "\(answer.text)")
                }
                #expect(fromWidget.body == fromConsole.body, "\(fromWidget.text) vs \(fromConsole.text)")
            }
        }
    }
}
