import Foundation
import TestSupport
import Testing

@testable import WidgetServer

/// The event stream's resume, ping, slow-reader and isolation rules.
@Suite struct StreamContractTests {
    @Test func aDroppedStreamResumesWithoutGapsOrDuplicates() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let first = try await client.events(tab)
            var ids: [Int] = []
            let snapshot = try #require(await first.next())
            #expect(snapshot.name == "snapshot")
            _ = try await client.post("/api/tabs/\(tab)/messages", #"{"text":"One","clientId":"resume-001"}"#)
            let added = try #require(await first.waitFor { $0.name == "message.added" })
            ids.append(Int(added.id ?? "") ?? -1)
            first.close()
            // Events the operator's answer produces while no stream is open.
            let second = try await client.post("/api/tabs/\(tab)/messages", #"{"text":"Two","clientId":"resume-002"}"#)
            #expect(second.status == 202, "the second message: \(second.status) \(second.text)")
            let resumed = try await client.events(tab, query: "?after=\(ids[0])")
            var sawSecondReply = false
            var seen: [String] = []
            while !sawSecondReply, let event = await resumed.next() {
                #expect(event.name != "snapshot")
                ids.append(Int(event.id ?? "") ?? -1)
                seen.append("\(event.name) \(event.message?["type"] ?? "") \(event.message?["text"] ?? "")")
                sawSecondReply =
                    event.message?["type"] as? String == "operator"
                    && (event.message?["text"] as? String)?.contains("Two") == true
            }
            #expect(sawSecondReply, "the resumed stream's events: \(seen)")
            #expect(ids == Array(ids[0]..<(ids[0] + ids.count)), "ids \(ids) have a gap or a duplicate")
            resumed.close()
            let tooOld = try await client.events(tab, headers: ["Last-Event-ID": "999999"])
            #expect(await tooOld.next()?.name == "snapshot")
            tooOld.close()
        }
    }

    @Test func pingsKeepAnIdleStreamAlive() async throws {
        let fastPings: @Sendable (inout WidgetConfiguration) -> Void = { $0.pingInterval = .milliseconds(100) }
        try await LiveStack.withStack(adjust: fastPings) { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let stream = try await client.events(tab, headers: ["Accept-Encoding": "gzip"], includeComments: true)
            #expect(stream.headers["content-encoding"] == nil)
            let ping = await stream.waitFor(timeout: .seconds(5)) { $0.name == ":" }
            #expect(ping?.data == ": ping")
            stream.close()
        }
    }

    @Test func aSlowReaderIsCutOffAndResumesByCursor() async throws {
        let log = TabEventLog(subscriberBuffer: 4, firstEventID: 0)
        let subscription = try #require(log.subscribe(after: nil))
        #expect(subscription.initial.first?.event == "snapshot")
        for index in 1...10 { log.publish(.operatorTyping(index % 2 == 0)) }
        var received: [Int] = []
        while let frames = await subscription.next() { received += frames.map { $0.id ?? 0 } }
        #expect(received == [1, 2, 3, 4])
        let missed = try #require(log.subscribe(after: received.last))
        #expect(missed.initial.compactMap(\.id) == Array(5...10))
    }

    @Test func anotherTabsIDReadsNeitherEventsNorFiles() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let mine = try await client.createTab(location: "files")
            let other = try await client.createTab(location: "files")
            let stream = try await client.events(mine)
            _ = try await client.post("/api/tabs/\(mine)/chat", #"{"action":"start"}"#)
            let file = try #require(
                await stream.waitFor { event in
                    let attachment = event.message?["attachment"] as? [String: Any]
                    return (attachment?["files"] as? [[String: Any]])?.isEmpty == false
                }
            )
            let files = try #require((file.message?["attachment"] as? [String: Any])?["files"] as? [[String: Any]])
            let url = try #require(files.first?["url"] as? String)
            let guid = try #require(files.first?["guid"] as? String)
            #expect(url == "/api/tabs/\(mine)/files/\(guid)")
            let download = try await client.get(url)
            #expect(download.status == 200 && !download.body.isEmpty)
            #expect(download.headers["x-content-type-options"] == "nosniff")
            let stolen = try await client.get("/api/tabs/\(other)/files/\(guid)")
            #expect(stolen.status == 404 && stolen.errorCode == "unknown_file")
            let otherStream = try await client.events(other)
            let otherSnapshot = try #require(await otherStream.next())
            #expect((otherSnapshot.json["messages"] as? [Any])?.isEmpty == true)
            otherStream.close()
            stream.close()
        }
    }
}
