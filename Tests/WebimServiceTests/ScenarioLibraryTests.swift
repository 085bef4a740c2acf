import Foundation
import TestSupport
import Testing
import WebimService

/// Scenario files are checked when the service starts, so a mistake is reported then, not shown later.
@Suite struct ScenarioLibraryTests {
    private func library(_ files: [String: String]) async throws -> Result<[String], ScenarioLibraryError> {
        try await withTemporaryDirectory { directory in
            for (name, text) in files {
                try Data(text.utf8).write(to: directory.appendingPathComponent(name))
            }
            do {
                return .success(try ScenarioLibrary(directory: directory).names)
            } catch let error as ScenarioLibraryError {
                return .failure(error)
            }
        }
    }

    @Test func twoOperatorsWithOneIdAreRefusedNamingBoth() async throws {
        let result = try await library([
            "default.yaml": "name: default\ndescription: d\noperator: { id: 7, name: Anna }\n",
            "sales.yaml": "name: sales\ndescription: s\noperator: { id: 7, name: Sam }\n",
        ])
        guard case .failure(let error) = result else {
            Issue.record("loaded: \(result)")
            return
        }
        #expect(error.description.contains("operator 7"))
        #expect(error.description.contains("Anna") && error.description.contains("Sam"))
    }

    @Test func oneOperatorSharedByTwoScenariosIsFine() async throws {
        let result = try await library([
            "default.yaml": "name: default\ndescription: d\noperator: { id: 7, name: Anna }\n",
            "sales.yaml": "name: sales\ndescription: s\noperator: { id: 7, name: Anna }\n",
        ])
        #expect(try result.get() == ["default", "sales"])
    }
}
