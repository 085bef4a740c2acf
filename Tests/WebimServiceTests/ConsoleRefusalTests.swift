import Foundation
import NIOHTTP1
import TestSupport
import Testing
import WebimWire

/// What the console refuses, it refuses whole: a 4xx naming the problem, and nothing changed or left on disk. Each of
/// these was found by fuzzing the console API (Benchmarks/RELIABILITY.md).
@Suite struct ConsoleRefusalTests {
    @Test func anEmptyBodyIsA400NamingTheMissingFieldNotA500() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "manual")
            for path in ["/messages", "/typing", "/files", "/transfer"] {
                let (status, json) = try await ServiceClient.console(
                    base,
                    .POST,
                    "/visitors/\(client.visitorID)\(path)",
                    ""
                )
                #expect(status == 400, "\(path): \(json)")
            }
            let (status, _) = try await ServiceClient.console(base, .POST, "/auth-tokens", "")
            #expect(status == 400)
        }
    }

    @Test func aTransferToAnUnknownOperatorChangesNothing() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "departments")
            _ = try await client.action(
                "chat.start",
                [("client-side-id", "0123456789abcdef0123456789abcdef"), ("department-key", "sales")]
            )
            try await client.console(.POST, "/join", #"{"operatorId":31}"#)
            let (status, _) = try await ServiceClient.console(
                base,
                .POST,
                "/visitors/\(client.visitorID)/transfer",
                #"{"departmentKey":"support","operatorId":999}"#
            )
            #expect(status == 404)
            let (_, chat) = try await ServiceClient.console(base, .GET, "/visitors/\(client.visitorID)", "")
            #expect(chat["chat"]?["state"] == .string("chatting"))
            #expect(chat["chat"]?["operator"]?["id"] == .int(31))
        }
    }

    @Test func aRefusedOperatorFileLeavesNoBytesBehind() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory, holdTimeout: .seconds(2)) { base in
                let files = directory.appendingPathComponent("service/files")
                let before = (try? FileManager.default.contentsOfDirectory(atPath: files.path).count) ?? 0
                let (status, _) = try await ServiceClient.console(
                    base,
                    .POST,
                    "/visitors/nobody/files",
                    #"{"filename":"a.txt","base64":"aGVsbG8="}"#
                )
                #expect(status == 404)
                #expect(((try? FileManager.default.contentsOfDirectory(atPath: files.path).count) ?? 0) == before)
                let (closed, _) = try await ServiceClient.console(base, .POST, "/visitors/nobody/close", "")
                #expect(closed == 404)
            }
        }
    }

    @Test func aBadBodyIsNamedPlainlyAndAButtonLinksOnlyToTheWeb() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "manual")
            _ = try await client.action("chat.start", [("client-side-id", "0123456789abcdef0123456789abcdef")])
            try await client.console(.POST, "/join")
            let path = "/visitors/\(client.visitorID)"
            let (missing, missingJSON) = try await ServiceClient.console(base, .POST, path + "/messages", "{}")
            #expect(missing == 400 && missingJSON["error"]?["field"] == .string("text"))
            let (wrong, wrongJSON) = try await ServiceClient.console(base, .POST, path + "/messages", #"{"text":1}"#)
            #expect(wrong == 400 && wrongJSON["error"]?["field"] == .string("text"))
            let (broken, brokenJSON) = try await ServiceClient.console(base, .POST, path + "/messages", #"{"text":"#)
            #expect(broken == 400)
            #expect(brokenJSON["error"]?["message"] == .string("The body is not valid JSON (UTF-8)."))
            for link in ["javascript:alert(1)", "data:text/html,<script>1</script>", " JAVASCRIPT:x", "not a url"] {
                let body = #"{"rows":[[{"id":"b","text":"Open","url":"\#(link)"}]]}"#
                let (status, json) = try await ServiceClient.console(base, .POST, path + "/keyboard", body)
                #expect(status == 400 && json["error"]?["field"] == .string("url"), "\(link)")
            }
            let web = #"{"rows":[[{"id":"b","text":"Open","url":"https://example.com/help"}]]}"#
            #expect(try await ServiceClient.console(base, .POST, path + "/keyboard", web).status == 200)
        }
    }
}
