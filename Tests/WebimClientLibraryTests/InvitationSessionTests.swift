import Foundation
import TestSupport
import Testing
import WebimClientLibrary

/// An operator's proactive invitation as the session reports it (PROTOCOL.md §8.1): the chat state `invitation`,
/// accepted by the visitor's first message or declined by closing it.
@Suite struct InvitationSessionTests {
    private static let invites = #""onVisit": [{"action": "invite", "text": "May I help you?"}]"#

    @Test func aMessageAcceptsTheInvitationAndTheChatGoesOnWithTheOperator() async throws {
        try await ManualChat.with(scenario: Self.invites, startingChat: false) { chat in
            #expect(await chat.saw(.chatState(.invitation)))
            let operatorName = try await chat.harness.run { _, stream in stream.getCurrentOperator()?.getName() }
            #expect(operatorName == "Anna Petrova")
            _ = try await chat.harness.send("Yes, please")
            #expect(await chat.saw(.chatState(.chatting)))
        }
    }

    @Test func closingTheChatDeclinesTheInvitation() async throws {
        try await ManualChat.with(scenario: Self.invites, startingChat: false) { chat in
            #expect(await chat.saw(.chatState(.invitation)))
            try await chat.harness.run { _, stream in try stream.closeChat() }
            #expect(await chat.saw(.chatState(.closedByVisitor)))
        }
    }
}
