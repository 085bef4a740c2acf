import Foundation
import NIOHTTP1
import TestSupport
import Testing

/// Uploads checked against the limits, and history read page by page without repeats.
@Suite struct FileAndHistoryTests {
    @Test func uploadsAreCheckedAgainstTheLimitsThenSent() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab(location: "files")
            let stream = try await client.events(tab)
            _ = await stream.next()
            let limits = try await client.get("/api/tabs/\(tab)/limits")
            #expect(limits.json["maxFileSize"] as? Int == 1024 * 1024)
            #expect((limits.json["allowedTypes"] as? [String])?.contains("txt") == true)

            let (type, body) = WidgetClient.multipart(
                filename: "notes.txt",
                contentType: "text/plain",
                bytes: Array("Hello, file".utf8),
                clientID: "file-0001"
            )
            let sent = try await client.request(.POST, "/api/tabs/\(tab)/files", bodyBytes: body, contentType: type)
            #expect(sent.status == 202, "\(sent.text)")
            let again = try await client.request(.POST, "/api/tabs/\(tab)/files", bodyBytes: body, contentType: type)
            #expect(again.json["id"] as? String == sent.json["id"] as? String)
            let added = await stream.waitFor {
                $0.name == "message.added" && $0.message?["clientId"] as? String == "file-0001"
            }
            #expect(added?.message?["type"] as? String == "fileFromVisitor")

            let (_, large) = WidgetClient.multipart(
                filename: "big.txt",
                contentType: "text/plain",
                bytes: Array(repeating: 65, count: 1024 * 1024 + 1),
                clientID: "file-0002"
            )
            let tooLarge = try await client.request(
                .POST,
                "/api/tabs/\(tab)/files",
                bodyBytes: large,
                contentType: type
            )
            #expect(tooLarge.status == 413 && tooLarge.errorCode == "file_too_large")
            let (_, program) = WidgetClient.multipart(
                filename: "run.exe",
                contentType: "application/octet-stream",
                bytes: [1, 2, 3],
                clientID: "file-0003"
            )
            let wrongType = try await client.request(
                .POST,
                "/api/tabs/\(tab)/files",
                bodyBytes: program,
                contentType: type
            )
            #expect(wrongType.status == 415 && wrongType.errorCode == "file_type_not_allowed")
            let (_, anonymous) = WidgetClient.multipart(
                filename: "a.txt",
                contentType: "text/plain",
                bytes: [65],
                clientID: nil
            )
            let noClientID = try await client.request(
                .POST,
                "/api/tabs/\(tab)/files",
                bodyBytes: anonymous,
                contentType: type
            )
            #expect(noClientID.status == 400 && noClientID.errorField == "clientId")
            stream.close()
        }
    }

    @Test func historyPagesGoBackWithoutRepeatingWhatTheTabHas() async throws {
        try await LiveStack.withStack(scenarios: ShortHistory.scenarios) { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab(location: ShortHistory.location)
            let stream = try await client.events(tab)
            _ = await stream.next()
            _ = try await client.post("/api/tabs/\(tab)/messages", #"{"text":"Hi","clientId":"hist-0001"}"#)
            _ = await stream.waitFor { $0.message?["text"] as? String == "Noted." }
            let newest = try await client.get("/api/tabs/\(tab)/history?limit=5")
            let newestIDs = (newest.json["messages"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(newestIDs.count == 5)
            var seen = Set(newestIDs)
            var before = try #require(newestIDs.first)
            for _ in 0..<3 {
                let page = try await client.get("/api/tabs/\(tab)/history?before=\(before)&limit=40")
                #expect(page.status == 200, "\(page.text)")
                let ids = (page.json["messages"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                #expect(ids.count == 40)
                #expect(seen.isDisjoint(with: ids))
                #expect(page.json["hasMore"] as? Bool == true)
                seen.formUnion(ids)
                before = try #require(ids.first)
            }
            stream.close()
        }
    }
}
