import Foundation
import NIOHTTP1
import Testing
import WebimWire

/// Each scenario of `Scenarios/` at the wire level: init, start, then the deltas the scenario promises.
@Suite struct ScenarioTests {
    static let hex = "0123456789abcdef0123456789abcdef"

    static func isMessage(_ item: DeltaItem, _ predicate: (MessageItem) -> Bool) -> Bool {
        item.objectType == "CHAT_MESSAGE" && (try? item.data?.decode(MessageItem.self)).map(predicate) == true
    }

    @Test func defaultOperatorGreetsTypesAndAnswersByQuoting() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "default")
            _ = try await client.action(
                "chat.message",
                [("client-side-id", Self.hex), ("message", "Where is my parcel?")]
            )
            #expect(
                try await client.waitFor { $0.objectType == "CHAT_OPERATOR_TYPING" && $0.data == .bool(true) } != nil
            )
            #expect(try await client.waitForMessage { $0.text.hasPrefix("Hello! I'm Anna") } != nil)
            let reply = try await client.waitForMessage { $0.text.hasPrefix("You wrote") }
            #expect(reply?.quote?.knownState == .filled)
            #expect(reply?.quote?.message?.text == "Where is my parcel?")
        }
    }

    @Test func botKeyboardsInEveryStateAndOneLeadingToAnother() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "bot-keyboards")
            _ = try await client.action("chat.start", [("client-side-id", Self.hex)])
            let menu = try #require(try await client.waitForMessage { $0.keyboard?.buttons.count == 3 })
            let keyboards = await client.received.compactMap { try? $0.data?.decode(MessageItem.self).keyboard }
            #expect(keyboards.map(\.knownState) == [.completed, .canceled, .pending])
            #expect(keyboards[0].response?.buttonId == "yes")
            let buttons = try #require(menu.keyboard?.buttons)
            #expect(buttons[1][0].config?.link == "https://webim.ru")
            #expect(buttons[1][1].config?.textToInsert == "Hello, bot!")
            #expect(buttons[2].map { $0.config?.knownState } == [.showingSelected, .hidden])
            let pressed = try await client.action(
                "chat.keyboard_response",
                [("button-id", "more"), ("request-message-id", menu.id)]
            )
            #expect(pressed.error == nil)
            let completed = try await client.waitFor { item in
                item.objectType == "CHAT_MESSAGE" && item.event == "upd" && item.id == menu.id
            }
            #expect(try completed?.data?.decode(MessageItem.self).keyboard?.knownState == .completed)
            #expect(try await client.waitForMessage { $0.keyboardResponse?.button?.id == "more" } != nil)
            #expect(try await client.waitForMessage { $0.keyboard?.buttons.first?.first?.id == "human" } != nil)
        }
    }

    @Test func quotesFilledOfAFileNotFoundAndPendingThenFilled() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "quotes")
            _ = try await client.action("chat.message", [("client-side-id", Self.hex), ("message", "Quote me")])
            let quoted = try await client.waitForMessage { $0.text == "Quoting you." }
            #expect(quoted?.quote?.message?.text == "Quote me")
            let ofFile = try await client.waitForMessage { $0.text == "And quoting that photo." }
            #expect(ofFile?.quote?.message?.kind == "file_operator")
            let gone = try await client.waitForMessage { $0.text == "This quotes a message that is gone." }
            #expect(gone?.quote?.knownState == .notFound)
            let pending = try #require(try await client.waitForMessage { $0.text.hasPrefix("Quoting something") })
            #expect(pending.quote?.knownState == .pending)
            let filled = try await client.waitFor {
                $0.objectType == "CHAT_MESSAGE" && $0.event == "upd" && $0.id == pending.id
            }
            #expect(try filled?.data?.decode(MessageItem.self).quote?.knownState == .filled)
        }
    }

    @Test func filesOperatorSendsAnImageAndAPDF() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "files")
            _ = try await client.action("chat.start", [("client-side-id", Self.hex)])
            let image = try await client.waitForMessage {
                $0.kind == "file_operator" && $0.fileParameters.first?.image != nil
            }
            #expect(image?.extraText == "The sunset from our office")
            let pdf = try await client.waitForMessage { $0.fileParameters.first?.contentType == "application/pdf" }
            #expect(pdf?.file?.knownState == .ready)
        }
    }

    @Test func departmentsOnlineAndOffline() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "departments")
            #expect(client.page.state == "department-selection")
            #expect(client.page.departments?.map(\.online) == ["online", "online", "offline"])
            _ = try await client.action("chat.start", [("client-side-id", Self.hex), ("department-key", "support")])
            let joined = try await client.waitFor { $0.objectType == "CHAT_OPERATOR" && $0.data?["id"]?.intValue == 32 }
            #expect(joined != nil)
            let offline = try await ServiceClient.start(base, location: "departments")
            _ = try await offline.action("chat.start", [("client-side-id", Self.hex), ("department-key", "billing")])
            #expect(try await offline.waitForMessage { $0.kind == "info" && $0.text.contains("offline") } != nil)
        }
    }

    @Test func offlineLocationShowsTheOfflineForm() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "offline")
            #expect(client.page.state == "offline-message" && client.page.onlineStatus == "offline")
            #expect(
                try await client.action(
                    "chat.offline_message",
                    [("text", "Call me"), ("visitor-fields", #"{"email":"a@b.co"}"#)]
                ).error == nil
            )
            #expect(try await client.waitFor { $0.objectType == "HISTORY_REVISION" } != nil)
        }
    }

    @Test func busyQueueThenAccepted() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "busy")
            #expect(client.page.onlineStatus == "busy_online")
            _ = try await client.action("chat.start", [("client-side-id", Self.hex)])
            #expect(try await client.waitForMessage { $0.kind == "info" } != nil)
            #expect(try await client.waitForMessage { $0.kind == "operator_busy" } != nil)
            #expect(try await client.waitFor { $0.objectType == "CHAT_STATE" && $0.data == .string("chatting") } != nil)
        }
    }

    @Test func ratingThenTranscriptClosesTheChat() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "rating")
            _ = try await client.action("chat.message", [("client-side-id", Self.hex), ("message", "Help")])
            #expect(try await client.waitFor { $0.objectType == "SURVEY" } != nil)
            #expect(
                try await client.action("chat.operator_rate_select", [("rate", "2"), ("operator_id", "70")]).error
                    == nil
            )
            #expect(try await client.waitFor { $0.objectType == "OPERATOR_RATE" }?.data?["rating"]?.intValue == 2)
            #expect(try await client.waitForMessage { $0.text.hasPrefix("Thank you for the rating") } != nil)
            #expect(try await client.action("chat.send_chat_history", [("email", "me@example.com")]).error == nil)
            #expect(
                try await client.waitFor { $0.objectType == "CHAT_STATE" && $0.data == .string("closed_by_operator") }
                    != nil
            )
        }
    }

    @Test func editsAndDeletesOfOperatorMessages() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "edits")
            _ = try await client.action("chat.start", [("client-side-id", Self.hex)])
            let edited = try await client.waitFor { item in
                item.objectType == "CHAT_MESSAGE" && item.event == "upd" && item.data?["edited"] == .bool(true)
            }
            #expect(edited?.data?["text"]?.stringValue == "Hello! How can I help?")
            #expect(try await client.waitFor { $0.objectType == "CHAT_MESSAGE" && $0.event == "del" } != nil)
        }
    }

    @Test func longHistoryPagesBackThroughSeededMessages() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "long-history")
            #expect(client.page.historyRevision == 100_000)
            let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
            let page = try await client.get(
                WireEndpoint.history,
                [("before-ts", String(now))],
                as: HistoryBeforeResponse.self
            )
            #expect(page.data?.messages?.count == 100 && page.data?.hasMore == true)
            #expect(page.data?.messages?.last?.text == "Past answer #100000")
            let oldest = try #require(page.data?.messages?.first?.timeMicros)
            let next = try await client.get(
                WireEndpoint.history,
                [("before-ts", String(oldest))],
                as: HistoryBeforeResponse.self
            )
            #expect(next.data?.messages?.last?.text == "Past answer #99900")
        }
    }

    @Test func pausedScenarioLetsAPersonAnswerThenResumes() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "default")
            try await client.console(.POST, "/scenario", #"{"paused":true}"#)
            _ = try await client.action("chat.start", [("client-side-id", Self.hex)])
            try await client.console(.POST, "/join", #"{"operatorId":1}"#)
            try await client.console(.POST, "/messages", #"{"text":"A person here."}"#)
            #expect(try await client.waitForMessage { $0.text == "A person here." } != nil)
            try await client.console(.POST, "/scenario", #"{"paused":false}"#)
            _ = try await client.action("chat.message", [("client-side-id", "resume1"), ("message", "Bot?")])
            #expect(try await client.waitForMessage { $0.text.hasPrefix("You wrote: “Bot?”") } != nil)
        }
    }
}
