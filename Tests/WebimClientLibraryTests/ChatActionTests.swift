import Foundation
import Synchronization
import TestSupport
import Testing
import WebimClientLibrary

/// Rating, transcript, keyboards, stickers, search and configs: each handler's success and refusals.
@Suite struct ChatActionTests {
    @Test func ratingIsStoredAndEachRefusalReachesTheHandler() async throws {
        try await ManualChat.with(startingChat: false) { chat in
            let handler = HandlerRecorder("rate", chat.harness.listener)
            try await chat.harness.run { _, stream in
                try stream.rateOperatorWith(id: "7", byRating: 5, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "rate") == "noChat")
        }
        try await ManualChat.with { chat in
            let handler = HandlerRecorder("rate", chat.harness.listener)
            try await chat.harness.run { _, stream in
                try stream.rateOperatorWith(id: nil, byRating: 4, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "rate") == "operatorNotInChat")
            try await chat.operatorJoins()
            try await chat.harness.run { _, stream in
                try stream.rateOperatorWith(id: "999", byRating: 4, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "rate") == "wrongOperatorId")
            let note = String(repeating: "n", count: 2_001)
            try await chat.harness.run { _, stream in
                try stream.rateOperatorWith(id: "7", note: note, byRating: 4, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "rate") == "noteIsTooLong")
            try await chat.harness.run { _, stream in
                try stream.rateOperatorWith(id: "7", note: "Quick and kind", byRating: 5, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "rate") == "success")
            #expect(try await chat.harness.run { _, stream in stream.getLastRatingOfOperatorWith(id: "7") } == 5)
        }
        try await ManualChat.with(location: #""accountConfig": {"rate_operator": false}"#) { chat in
            try await chat.operatorJoins()
            let handler = HandlerRecorder("rate", chat.harness.listener)
            try await chat.harness.run { _, stream in
                try stream.rateOperatorWith(id: "7", byRating: 3, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "rate") == "rateDisabled")
        }
    }

    @Test func resolutionAnswerIsStoredAndEachRefusalReachesTheHandler() async throws {
        try await ManualChat.with(startingChat: false) { chat in
            let handler = HandlerRecorder("resolution", chat.harness.listener)
            try await chat.harness.run { _, stream in
                try stream.sendResolutionSurvey(id: "7", answer: 1, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "resolution") == "noChat")
        }
        try await ManualChat.with { chat in
            let handler = HandlerRecorder("resolution", chat.harness.listener)
            try await chat.harness.run { _, stream in
                try stream.sendResolutionSurvey(id: "7", answer: 1, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "resolution") == "operatorNotInChat")
            try await chat.operatorJoins()
            #expect(
                try await chat.harness.run { _, stream in stream.getLastResolutionSurveyWith(operatorId: "7") } == nil
            )
            try await chat.harness.run { _, stream in
                // Not 0 or 1: not sent, no handler call, as the reference does.
                try stream.sendResolutionSurvey(id: "7", answer: 2, completionHandler: handler)
                try stream.sendResolutionSurvey(id: "7", answer: 0, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "resolution") == "success")
            #expect(
                try await chat.harness.run { _, stream in stream.getLastResolutionSurveyWith(operatorId: "7") } == 0
            )
        }
        try await ManualChat.with(location: #""accountConfig": {"rate_operator": false}"#) { chat in
            try await chat.operatorJoins()
            let handler = HandlerRecorder("resolution", chat.harness.listener)
            try await chat.harness.run { _, stream in
                try stream.sendResolutionSurvey(id: "7", answer: 1, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "resolution") == "rateDisabled")
        }
    }

    @Test func transcriptIsSentUntilTheLimitAndNeedsAChat() async throws {
        try await ManualChat.with(location: #""transcriptLimit": 1"#, startingChat: false) { chat in
            let handler = HandlerRecorder("transcript", chat.harness.listener)
            try await chat.harness.run { _, stream in
                try stream.sendDialogTo(emailAddress: "a@example.com", completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "transcript") == "noChat")
            try await chat.harness.run { _, stream in try stream.startChat(firstQuestion: "Hello") }
            #expect(await chat.saw(.chatState(.queue)))
            try await chat.harness.run { _, stream in
                try stream.sendDialogTo(emailAddress: "a@example.com", completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "transcript") == "success")
            try await chat.harness.run { _, stream in
                try stream.sendDialogTo(emailAddress: "a@example.com", completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "transcript") == "sentTooManyTimes")
        }
    }

    @Test func contactsAnswerARequestAsAContactsMessageAndTheEmailChangesOnlySoOften() async throws {
        try await ManualChat.with { chat in
            try await chat.operatorJoins()
            let handler = HandlerRecorder("contacts", chat.harness.listener)
            // The first gives the e-mail; three changes are allowed, the fourth is refused.
            for email in ["ann@example.com", "b@example.com", "c@example.com", "d@example.com"] {
                try await chat.harness.run { _, stream in
                    try stream.sendContacts(
                        contacts: #"{"name":"Ann","email":"\#(email)"}"#,
                        completionHandler: handler
                    )
                }
                #expect(await chat.events.outcome(of: "contacts") == "success")
            }
            try await chat.harness.run { _, stream in
                try stream.sendContacts(contacts: #"{"email":"e@example.com"}"#, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "contacts") == "emailChangedTooManyTimes")
        }
    }

    @Test func keyboardButtonCompletesTheKeyboardOnceAndASecondPressIsRefused() async throws {
        try await ManualChat.with { chat in
            try await chat.operatorJoins()
            let keyboard: [String: Any] = [
                "rows": [
                    [["id": "yes", "text": "Yes"], ["id": "no", "text": "No"]],
                    [["id": "site", "text": "Our site", "url": "https://example.com"]],
                ]
            ]
            try await chat.console.post(visitor: chat.visitorID, "keyboard", keyboard)
            guard
                case .added(let id, _, .sent, .keyboard) = await chat.events.first(where: { event in
                    if case .added(_, _, .sent, .keyboard) = event { true } else { false }
                })
            else {
                Issue.record("no keyboard message")
                return
            }
            let message = try #require(chat.harness.listener.message(id))
            let buttons = try #require(message.getKeyboard()).getButtons()
            #expect(buttons.map { $0.map { $0.getText() } } == [["Yes", "No"], ["Our site"]])
            #expect(message.getKeyboard()?.getState() == .pending)
            let link = try #require(buttons[1][0].getConfiguration())
            #expect(link.getButtonType() == .url && link.getData() == "https://example.com")
            let handler = HandlerRecorder("keyboard", chat.harness.listener)
            try await chat.harness.run { _, stream in
                try stream.sendKeyboardRequest(button: buttons[0][0], message: message, completionHandler: handler)
            }
            // The handler (the action's answer) and the change (the delta) may come in either order.
            #expect(
                await chat.events.sawAll(matching: [
                    { $0 == .completed(handler: "keyboard", outcome: "success") },
                    { if case .changed(id, _, .sent) = $0 { true } else { false } },
                ])
            )
            #expect(chat.harness.listener.message(id)?.getKeyboard()?.getState() == .completed)
            #expect(chat.harness.listener.message(id)?.getKeyboard()?.getResponse()?.getButtonID() == "yes")
            try await chat.harness.run { _, stream in
                try stream.sendKeyboardRequest(button: buttons[0][1], message: message, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "keyboard") == "canNotCreateResponse")
        }
    }

    @Test func stickerSearchAndConfigsComplete() async throws {
        try await ManualChat.with(location: #""accountConfig": {"max_visitor_upload_file_size": 3}"#) { chat in
            let sticker = HandlerRecorder("sticker", chat.harness.listener)
            try await chat.harness.run { _, stream in try stream.sendSticker(withId: 12, completionHandler: sticker) }
            #expect(await chat.events.outcome(of: "sticker") == "success")
            _ = try await chat.sendConfirmed("Where is parcel 7781?")
            let search = HandlerRecorder("search", chat.harness.listener)
            try await chat.harness.run { _, stream in
                try stream.searchStreamMessagesBy(query: "parcel", completionHandler: search)
            }
            #expect(await chat.events.outcome(of: "search") == "success")
            #expect(search.found.withLock { $0 } == ["Where is parcel 7781?"])
            let settings = HandlerRecorder("settings", chat.harness.listener)
            try await chat.harness.run { _, stream in try stream.getServerSideSettings(completionHandler: settings) }
            #expect(await chat.events.outcome(of: "settings") == "success")
            #expect(settings.lastSettings.withLock { $0?.maxVisitorUploadFileSizeMB } == 3)
            let raw = HandlerRecorder("raw", chat.harness.listener)
            try await chat.harness.run { _, stream in
                try stream.getRawConfig(forLocation: "manual", completionHandler: raw)
            }
            #expect(await chat.events.outcome(of: "raw") == "success")
        }
    }
}
