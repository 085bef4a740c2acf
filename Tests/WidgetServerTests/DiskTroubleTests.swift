import Foundation
import TestSupport
import Testing
import WidgetServer

/// A 202 means the message is on disk: when the history store refuses the write, the page hears 503 and nothing is
/// sent; the same `clientId` later sends it once.
@Suite struct DiskTroubleTests {
    @Test func aMessageTheDiskRefusesIs503AndNeitherShownNorSent() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let stream = try await client.events(tab)
            _ = await stream.next()
            #expect(
                try await client.post("/api/tabs/\(tab)/messages", #"{"text":"Fine","clientId":"disk-0001"}"#)
                    .status == 202
            )
            #expect(await stream.waitFor { $0.message?["text"] as? String == "Fine" } != nil)
            // Immutable files refuse writes even through descriptors already open, and even to root. Not the
            // `-shm` index, which SQLite maps into memory: a write to a mapped immutable page is SIGBUS.
            // The tabs' history store, where the outbox is.
            let folder = stack.dataDirectory.appendingPathComponent("widget")
            let files = try Self.files(under: folder).filter { $0.contains("history.sqlite") && !$0.hasSuffix("-shm") }
            #expect(files.count == 2)
            try Self.chattr("+i", files)
            let refused: Answer
            do {
                refused = try await client.post(
                    "/api/tabs/\(tab)/messages",
                    #"{"text":"Not on disk","clientId":"disk-0002"}"#
                )
                try Self.chattr("-i", files)
            } catch {
                try Self.chattr("-i", files)
                throw error
            }
            #expect(refused.status == 503 && refused.errorCode == "storage_unavailable", "\(refused.text)")
            let again = try await client.post(
                "/api/tabs/\(tab)/messages",
                #"{"text":"Not on disk","clientId":"disk-0002"}"#
            )
            #expect(again.status == 202)
            // The stream shows the message once: only the accepted attempt was added.
            var added = 0
            var isSent = false
            while !isSent, let event = await stream.next(timeout: .seconds(15)) {
                guard event.message?["text"] as? String == "Not on disk" else { continue }
                if event.name == "message.added" { added += 1 }
                isSent = event.message?["sendStatus"] as? String == "sent"
            }
            #expect(isSent && added == 1)
            let console = OperatorConsoleClient(serviceURL: stack.serviceURL)
            let visitor = try await console.onlyVisitorID()
            let chat = try await console.request("GET", "/visitors/\(visitor)") as? [String: Any]
            let messages = (chat?["chat"] as? [String: Any])?["messages"] as? [[String: Any]] ?? []
            #expect(messages.filter { $0["text"] as? String == "Not on disk" }.count == 1)
        }
    }

    private static func files(under folder: URL) throws -> [String] {
        var found: [String] = []
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            if (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true { found.append(url.path) }
        }
        return found
    }

    private static func chattr(_ flag: String, _ files: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag] + files
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "chattr \(flag) failed: is the data folder on ext4?")
    }
}
