import Foundation
import Testing
import WebimWire

/// The fixture-only `visitor…` scenario steps: messages recorded as the visitor's, for the tester's gallery.
@Suite struct ScenarioFixtureTests {
    static let hex = "0123456789abcdef0123456789abcdef"

    /// A scenario (JSON) whose chat start plays `steps`; every visitor message is answered "Answered".
    static func scenario(_ steps: String) -> [String: String] {
        [
            "fixtures": """
            {"name": "fixtures", "description": "Visitor fixture steps.", "operator": {"id": 5, "name": "Fay"},
             "onChatStart": [{"action": "join"},
               {"action": "keyboard", "label": "question", "keyboard": {"rows": [[{"id": "yes", "text": "Yes"}]]}},
               \(steps)],
             "onKeyboardResponse": {"yes": [{"action": "say", "text": "Triggered by the keyboard"}]},
             "onVisitorMessage": [{"action": "say", "text": "Answered"}]}
            """
        ]
    }

    @Test func galleryRecordsTheVisitorsKeyboardResponseFileAndSticker() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "gallery")
            _ = try await client.action("chat.message", [("client-side-id", Self.hex), ("message", "Show me")])
            let keyboard = try #require(
                try await client.waitForMessage { $0.keyboard?.buttons.first?.first?.id == "yes" }
            )
            let response = try #require(try await client.waitForMessage { $0.kind == "keyboard_response" })
            #expect(response.keyboardResponse?.button?.id == "yes")
            #expect(response.keyboardResponse?.request?.messageId == keyboard.id)
            #expect(response.text == "Completed: the chosen button")
            let completed = try await client.waitFor {
                $0.objectType == "CHAT_MESSAGE" && $0.event == "upd" && $0.id == keyboard.id
            }
            let completedKeyboard = try completed?.data?.decode(MessageItem.self).keyboard
            #expect(completedKeyboard?.knownState == .completed)
            #expect(completedKeyboard?.response?.buttonId == "yes")
            let file = try #require(try await client.waitForMessage { $0.kind == "file_visitor" })
            #expect(file.fileParameters.first?.filename == "notes.txt")
            #expect(file.fileParameters.first?.contentType == "text/plain")
            #expect(file.file?.knownState == .ready)
            #expect(file.authorId == nil)
            // Several files in one message, and the caption as the visitor's text right after it.
            let several = try #require(try await client.waitForMessage { $0.fileParameters.count > 1 })
            #expect(several.fileParameters.map(\.filename) == ["sunset.png", "manual.pdf", "notes.txt"])
            let caption = try await client.waitForMessage { $0.text.hasPrefix("Three files in one message") }
            #expect(caption?.kind == "visitor")
            #expect(caption?.text == "Three files in one message, and this caption")
            let sticker = try #require(try await client.waitForMessage { $0.sticker != nil })
            #expect(sticker.kind == "sticker_visitor")
            #expect(sticker.sticker?.stickerId == 7)
            // The steps after them still run.
            #expect(try await client.waitForMessage { $0.text == "This quote is still pending." } != nil)
        }
    }

    @Test func visitorFixtureStepsTriggerNoStepsOfTheirOwn() async throws {
        let steps = """
            {"action": "visitorKeyboardResponse", "target": "question", "button": "yes"},
            {"action": "visitorSticker", "sticker": 3}
            """
        try await withService(scenarios: Self.scenario(steps)) { base in
            let client = try await ServiceClient.start(base, location: "fixtures")
            _ = try await client.action("chat.start", [("client-side-id", Self.hex)])
            #expect(try await client.waitForMessage { $0.sticker?.stickerId == 3 } != nil)
            #expect(try await client.waitForMessage { $0.keyboardResponse?.button?.id == "yes" } != nil)
            // A visitor's triggers play in order: had the fixture triggered onKeyboardResponse, its message
            // would come before this answer.
            _ = try await client.action("chat.message", [("client-side-id", "after1"), ("message", "Hi")])
            #expect(try await client.waitForMessage { $0.text == "Answered" } != nil)
            let texts = await client.received.compactMap { try? $0.data?.decode(MessageItem.self).text }
            #expect(!texts.contains("Triggered by the keyboard"))
        }
    }

    @Test func aKeyboardResponseWithAButtonTheKeyboardLacksFailsTheStep() async throws {
        let steps = """
            {"action": "visitorKeyboardResponse", "target": "question", "button": "nope"},
            {"action": "say", "text": "After the failed step"}
            """
        try await withService(scenarios: Self.scenario(steps)) { base in
            let client = try await ServiceClient.start(base, location: "fixtures")
            _ = try await client.action("chat.start", [("client-side-id", Self.hex)])
            let keyboard = try #require(try await client.waitForMessage { $0.kind == "keyboard" })
            _ = try await client.action("chat.message", [("client-side-id", "after1"), ("message", "Hi")])
            #expect(try await client.waitForMessage { $0.text == "Answered" } != nil)
            let received = await client.received
            let messages = received.compactMap { try? $0.data?.decode(MessageItem.self) }
            #expect(!messages.contains { $0.text == "After the failed step" })
            #expect(!messages.contains { $0.kind == "keyboard_response" })
            #expect(!received.contains { $0.event == "upd" && $0.id == keyboard.id })
        }
    }
}
