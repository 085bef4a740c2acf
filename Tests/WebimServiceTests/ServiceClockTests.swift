import Foundation
import HTTPAPI
import TestSupport
import Testing
import WebimService
import WebimWire

/// The service writes times from its injected clock, never the machine's: a test that pins the clock reads the
/// pinned time back in what a client sees.
@Suite struct ServiceClockTests {
    /// 2001-09-09 01:46:40 UTC: far from today, so the machine's clock cannot pass for it.
    private static let pinned = 1_000_000_000.0

    @Test func messagesAndChatsCarryTheInjectedTime() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(
                dataDirectory: directory,
                holdTimeout: .seconds(2),
                adjust: { $0.clock = ServerClock { Self.pinned } }
            ) { base in
                let visitor = try await ServiceClient.start(base)
                let sent = try await visitor.action(
                    WireAction.chatMessage.rawValue,
                    [(WireParameter.clientSideID, "0123456789abcdef0123456789abcdef"), (WireParameter.message, "Hi")]
                )
                #expect(sent.error == nil)
                let message = try #require(await visitor.waitForMessage { $0.text == "Hi" })
                #expect(message.tsMicros == Int64(Self.pinned * 1_000_000))
                let chat = try #require(
                    await visitor.waitFor { $0.objectType == DeltaItem.ObjectType.chat.rawValue }
                )
                let item = try #require(try chat.data?.decode(ChatItem.self))
                #expect(item.creationTs == Self.pinned)
            }
        }
    }
}
