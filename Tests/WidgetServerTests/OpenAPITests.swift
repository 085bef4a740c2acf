import Foundation
import TestSupport
import Testing

@testable import WidgetServer

/// `Public/openapi.yaml` describes exactly the routes the server registers, and the errors it sends.
@Suite struct OpenAPITests {
    private let document = OpenAPIDocument("Public/openapi.yaml")

    @Test func everyRegisteredRouteIsDocumentedAndViceVersa() async throws {
        let configuration = WidgetConfiguration(
            accountURL: "http://127.0.0.1:9",
            dataDirectory: FileManager.default.temporaryDirectory,
            publicDirectory: repositoryRoot.appendingPathComponent("Public"),
            templatesDirectory: repositoryRoot.appendingPathComponent("Templates")
        )
        let registered = Set(
            try registeredRoutes(configuration: configuration).map {
                $0.replacingOccurrences(of: "/**", with: "/{path}")
            }
        )
        #expect(document.root["openapi"] as? String == "3.1.0")
        let differences = document.differences(from: registered)
        #expect(differences.undocumented.isEmpty, "undocumented: \(differences.undocumented)")
        #expect(differences.notServed.isEmpty, "not served: \(differences.notServed)")
    }

    @Test func theDocumentedErrorShapeIsTheOneServed() async throws {
        let schemas = (document.root["components"] as? [String: Any])?["schemas"] as? [String: Any]
        let error = try #require(schemas?["Error"] as? [String: Any])
        let inner = try #require((error["properties"] as? [String: Any])?["error"] as? [String: Any])
        let documented = Set(((inner["properties"] as? [String: Any]) ?? [:]).keys)
        #expect(documented == ["code", "message", "field"])
        #expect(Set(inner["required"] as? [String] ?? []) == ["code", "message"])
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let answer = try await client.post("/api/tabs", #"{"location":"../x"}"#)
            let body = try #require(answer.json["error"] as? [String: Any])
            #expect(Set(answer.json.keys) == ["error"])
            #expect(Set(body.keys).isSubset(of: documented) && body["code"] is String && body["message"] is String)
            let served = try await client.get("/openapi.yaml")
            #expect(served.status == 200 && served.text.hasPrefix("openapi: 3.1.0"))
        }
    }
}
