import Foundation
import TestSupport
import Testing

@testable import WidgetServer

/// A tab holds no more event streams than the descriptor budget counts for it: the budget that lowers `--max-tabs`
/// must hold every socket a tab may have, or a script opening them all runs the process out of descriptors.
@Suite struct StreamsPerTabTests {
    @Test func aTabsStreamBeyondItsAllowanceClosesTheOldest() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let oldest = try await client.events(tab)
            #expect(await oldest.next()?.name == "snapshot")
            let second = try await client.events(tab)
            #expect(await second.next()?.name == "snapshot")
            // Two streams are allowed (a duplicated browser tab keeps its own); the third closes the first.
            let third = try await client.events(tab)
            #expect(await third.next()?.name == "snapshot")
            // Whatever events the session's start still sends it, the oldest stream then ends.
            let ended = await withTimeout(.seconds(10)) { () async -> Bool? in
                while await oldest.next(timeout: .seconds(60)) != nil {}
                return true
            }
            #expect(ended == true)
            // The second is still open: it gets the next event.
            let sent = try await client.post("/api/tabs/\(tab)/messages", #"{"text":"hi","clientId":"client-0001"}"#)
            #expect(sent.status == 202)
            #expect(await second.waitFor { $0.name == "message.added" } != nil)
            for reader in [second, third] { reader.close() }
        }
    }

    @Test func theBudgetCountsEveryStreamATabMayHold() {
        let configuration = WidgetConfiguration(
            accountURL: "http://127.0.0.1:9",
            dataDirectory: .temporaryDirectory,
            publicDirectory: .temporaryDirectory,
            templatesDirectory: .temporaryDirectory
        )
        // Over HTTP: the allowed streams and the long-poll.
        let overHTTP = DescriptorBudget(for: configuration, limit: 20_000)
        #expect(overHTTP.socketsPerTab == configuration.streamsPerTab + 1)
        #expect(overHTTP.maximumTabs == (20_000 - DescriptorBudget.reserve) / (configuration.streamsPerTab + 1))
        var oneStream = configuration
        oneStream.streamsPerTab = 1
        #expect(DescriptorBudget(for: oneStream, limit: 20_000).maximumTabs == 9_744)
    }
}
