import Foundation
import TestSupport
import Testing
import WebimClientLibrary

/// One test per stream listener: the operator acts through the console, the session's listener hears it.
@Suite struct ListenerTests {
    @Test func chatStateVisitStateOperatorAndTypingFollowTheChat() async throws {
        try await ManualChat.with { chat in
            #expect(await chat.saw(.visitState(.chat)))
            try await chat.console.post(visitor: chat.visitorID, "join")
            #expect(await chat.saw(.operatorChanged(name: "Anna Petrova")))
            #expect(await chat.saw(.chatState(.chatting)))
            try await chat.console.post(visitor: chat.visitorID, "typing", ["typing": true])
            #expect(await chat.saw(.typing(true)))
            let message = try await chat.operatorSays("How can I help?")
            #expect(message?.getType() == .operatorMessage)
            #expect(message?.getSenderName() == "Anna Petrova")
            #expect(message?.getOperatorID() == "7")
            try await chat.console.post(visitor: chat.visitorID, "close")
            #expect(await chat.saw(.chatState(.closedByOperator)))
            let current = try await chat.harness.run { _, stream in stream.getChatState() }
            #expect(current == .closedByOperator)
        }
    }

    @Test func unreadCountersFollowOperatorMessagesAndTheVisitorsRead() async throws {
        try await ManualChat.with { chat in
            try await chat.operatorJoins()
            try await chat.operatorSays("One")
            #expect(await chat.saw(.unreadByVisitorCount(1)))
            #expect(await chat.saw(.unreadByVisitorTimestamp(isSet: true)))
            try await chat.harness.run { _, stream in try stream.setChatRead() }
            #expect(await chat.saw(.unreadByVisitorCount(0)))
            let count = try await chat.harness.run { _, stream in stream.getUnreadByVisitorMessageCount() }
            #expect(count == 0)
        }
    }

    @Test func operatorReadingMarksTheVisitorsMessagesRead() async throws {
        try await ManualChat.with { chat in
            try await chat.operatorJoins()
            let id = try await chat.sendConfirmed("Please read me")
            #expect(await chat.saw(.unreadByOperatorTimestamp(isSet: true)))
            try await chat.console.post(visitor: chat.visitorID, "read")
            #expect(await chat.saw(.readByOperator(id: id)))
            #expect(chat.harness.listener.message(id)?.isReadByOperator() == true)
        }
    }

    @Test func onlineStatusAndDepartmentsArriveAndChange() async throws {
        let location = """
            "onlineStatus": "busy_online",
            "departments": [{"key": "sales", "name": "Sales", "order": 2},
                            {"key": "support", "name": "Support", "online": "offline", "order": 1}]
            """
        try await ManualChat.with(location: location, startingChat: false) { chat in
            #expect(await chat.saw(.onlineStatus(.busyOnline)))
            #expect(await chat.saw(.departments(["sales", "support"])))
            let departments = try await chat.harness.run { _, stream in
                (stream.getDepartmentList() ?? []).map { "\($0.getKey()):\($0.getDepartmentOnlineStatus())" }.sorted()
            }
            #expect(departments == ["sales:online", "support:offline"])
            try await chat.console.request("POST", "/locations/manual/status", body: ["onlineStatus": "offline"])
            #expect(await chat.saw(.onlineStatus(.offline)))
        }
    }

    @Test func helloMessageIsOfferedForAnEmptyChat() async throws {
        try await ManualChat.with(location: #""helloMessage": "Hello! Ask us anything.""#, startingChat: false) {
            chat in
            #expect(await chat.saw(.hello("Hello! Ask us anything.")))
        }
    }

    @Test func operatorEditsAndDeletesReachTheMessageListener() async throws {
        try await ManualChat.with { chat in
            try await chat.operatorJoins()
            let message = try #require(try await chat.operatorSays("Typo here"))
            let serverID = try #require(message.getServerSideID())
            try await chat.console.request(
                "PATCH",
                "/visitors/\(chat.visitorID)/messages/\(serverID)",
                body: ["text": "Fixed"]
            )
            #expect(await chat.saw(.changed(id: message.getID(), text: "Fixed", status: .sent)))
            #expect(chat.harness.listener.message(message.getID())?.isEdited() == true)
            try await chat.console.request("DELETE", "/visitors/\(chat.visitorID)/messages/\(serverID)")
            #expect(await chat.saw(.removed(id: message.getID())))
        }
    }

    @Test func locationSettingsAndTheConnectionAreReported() async throws {
        try await ManualChat.with(location: #""hintsEnabled": true"#, startingChat: false) { chat in
            #expect(await chat.saw(.connected(true)))
            #expect(await chat.saw(.hintsEnabled(true)))
            let enabled = try await chat.harness.run { _, stream in stream.getLocationSettings().areHintsEnabled() }
            #expect(enabled)
        }
    }

    @Test func clearingHistoryRemovesEveryMessage() async throws {
        try await ManualChat.with { chat in
            _ = try await chat.sendConfirmed("Forget me")
            try await chat.harness.run { _, stream in try stream.clearHistory() }
            #expect(await chat.saw(.removedAll))
            #expect(try await chat.harness.newTracker(lastMessages: 10).isEmpty)
        }
    }

    @Test func unregisteredProvidedTokenAsksTheAppToRegisterItThenSucceeds() async throws {
        let tokens = TokenRecorder()
        let configure: @Sendable (SessionBuilder) -> Void = {
            $0.set(providedAuthorizationTokenStateListener: tokens, providedAuthorizationToken: "token-of-ann")
        }
        let location = #""requireRegisteredAuthTokens": true"#
        try await ManualChat.with(location: location, startingChat: false, configure: configure) { chat in
            // PROTOCOL.md §2.6: the app is asked every fifth refusal, one second apart.
            let asked = await withTimeout(.seconds(30)) { await tokens.requests.first { _ in true } }
            #expect(asked == "token-of-ann")
            try await chat.console.request("POST", "/auth-tokens", body: ["token": "token-of-ann", "name": "Ann"])
            #expect(await chat.saw(.visitState(.idle)))
        }
    }
}

/// Records `ProvidedAuthorizationTokenStateListener` calls.
final class TokenRecorder: ProvidedAuthorizationTokenStateListener {
    let requests: AsyncStream<String>
    private let sink: AsyncStream<String>.Continuation
    init() { (requests, sink) = AsyncStream.makeStream(of: String.self) }
    func update(providedAuthorizationToken: String) { sink.yield(providedAuthorizationToken) }
}
