import Foundation
import TestSupport
import Testing

@testable import WebimService

/// `Public/operator/openapi.yaml` describes exactly the console API routes the service's router holds.
@Suite struct ConsoleOpenAPITests {
    @Test func everyConsoleRouteIsDocumentedAndViceVersa() async throws {
        try await withTemporaryDirectory { directory in
            let configuration = ServiceConfiguration(
                dataDirectory: directory,
                scenariosDirectory: repositoryRoot.appendingPathComponent("Scenarios"),
                accountPrivateKey: VisitorFieldsSignature.testKey,
                consoleToken: OperatorConsoleClient.testToken
            )
            let registered = Set(
                try registeredRoutes(configuration: configuration).filter {
                    $0.split(separator: " ").last?.hasPrefix(OperatorConsoleController.prefix + "/") == true
                }
            )
            #expect(registered.count > 20)
            let differences = OpenAPIDocument("Public/operator/openapi.yaml").differences(from: registered)
            #expect(differences.undocumented.isEmpty, "undocumented: \(differences.undocumented)")
            #expect(differences.notServed.isEmpty, "not served: \(differences.notServed)")
        }
    }
}
