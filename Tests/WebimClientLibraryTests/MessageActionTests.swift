import Foundation
import TestSupport
import Testing
import WebimClientLibrary

/// Send, edit, delete and reply: each completion handler's success, and each error the service can answer.
@Suite struct MessageActionTests {
    @Test func sendWithAndWithoutDataCompletesAndKeepsTheData() async throws {
        try await ManualChat.with { chat in
            let handler = HandlerRecorder("send", chat.harness.listener)
            let id = try await chat.harness.run { _, stream in
                try stream.send(message: "Plain", completionHandler: handler)
            }
            #expect(
                await chat.events.sawAll([
                    .completed(handler: "send", outcome: "success"), .changed(id: id, text: "Plain", status: .sent),
                ])
            )
            let dataHandler = HandlerRecorder("data", chat.harness.listener)
            let dataID = try await chat.harness.run { _, stream in
                try stream.send(message: "With data", data: ["order": 42], completionHandler: dataHandler)
            }
            #expect(
                await chat.events.sawAll([
                    .completed(handler: "data", outcome: "success"),
                    .changed(id: dataID, text: "With data", status: .sent),
                ])
            )
            let order = chat.harness.listener.message(dataID)?.getRawData()?["order"] as? Int
            #expect(order == 42)
        }
    }

    @Test func editChangesTheTextAndEachRefusalReachesTheHandler() async throws {
        try await ManualChat.with(location: #""maxMessageLength": 20"#) { chat in
            try await chat.operatorJoins()
            let id = try await chat.sendConfirmed("Helo")
            let handler = HandlerRecorder("edit", chat.harness.listener)
            func edit(_ text: String) async throws -> Bool {
                let message = try #require(chat.harness.listener.message(id))
                return try await chat.harness.run { _, stream in
                    try stream.edit(message: message, text: text, completionHandler: handler)
                }
            }
            #expect(try await edit("Hello"))
            #expect(await chat.events.outcome(of: "edit") == "success")
            #expect(chat.harness.listener.message(id)?.getText() == "Hello")
            #expect(try await edit("   "))
            #expect(await chat.events.outcome(of: "edit") == "messageEmpty")
            #expect(try await edit(String(repeating: "long ", count: 10)))
            #expect(await chat.events.outcome(of: "edit") == "maxLengthExceeded")
            #expect(chat.harness.listener.message(id)?.getText() == "Hello")

            let operatorMessage = try #require(try await chat.operatorSays("Mine, not yours"))
            #expect(operatorMessage.canBeEdited() == false)
            let refused = try await chat.harness.run { _, stream in
                try stream.edit(message: operatorMessage, text: "x", completionHandler: handler)
            }
            #expect(refused == false)
            let foreign = HandBuiltMessage(id: operatorMessage.getID(), serverID: operatorMessage.getServerSideID())
            _ = try await chat.harness.run { _, stream in
                try stream.edit(message: foreign, text: "x", completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "edit") == "messageNotOwned")

            try await chat.harness.run { _, stream in try stream.sendSticker(withId: 3, completionHandler: nil) }
            guard
                case .added(let stickerID, _, .sending, .stickerVisitor) = await chat.events.first(where: { event in
                    if case .added(_, _, .sending, .stickerVisitor) = event { true } else { false }
                })
            else {
                Issue.record("no sticker message")
                return
            }
            _ = try await chat.harness.run { _, stream in
                try stream.edit(message: HandBuiltMessage(id: stickerID), text: "x", completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "edit") == "wrongMesageKind")

            try await chat.console.post(visitor: chat.visitorID, "close")
            #expect(await chat.saw(.chatState(.closedByOperator)))
            #expect(try await edit("Too late"))
            #expect(await chat.events.outcome(of: "edit") == "notAllowed")
        }
    }

    @Test func deleteRemovesTheMessageAndEachRefusalReachesTheHandler() async throws {
        try await ManualChat.with { chat in
            try await chat.operatorJoins()
            let id = try await chat.sendConfirmed("Delete me")
            let message = try #require(chat.harness.listener.message(id))
            let handler = HandlerRecorder("delete", chat.harness.listener)
            let accepted = try await chat.harness.run { _, stream in
                try stream.delete(message: message, completionHandler: handler)
            }
            #expect(accepted)
            #expect(
                await chat.events.sawAll([.completed(handler: "delete", outcome: "success"), .removed(id: id)])
            )
            _ = try await chat.harness.run { _, stream in
                try stream.delete(message: message, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "delete") == "messageNotFound")

            let operatorMessage = try #require(try await chat.operatorSays("Not yours"))
            let foreign = HandBuiltMessage(id: operatorMessage.getID(), serverID: operatorMessage.getServerSideID())
            _ = try await chat.harness.run { _, stream in
                try stream.delete(message: foreign, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "delete") == "messageNotOwned")

            let kept = try await chat.sendConfirmed("Kept after the chat closed")
            let keptMessage = try #require(chat.harness.listener.message(kept))
            try await chat.console.post(visitor: chat.visitorID, "close")
            #expect(await chat.saw(.chatState(.closedByOperator)))
            _ = try await chat.harness.run { _, stream in
                try stream.delete(message: keptMessage, completionHandler: handler)
            }
            #expect(await chat.events.outcome(of: "delete") == "notAllowed")
        }
    }

    @Test func replyCarriesAFilledQuoteAndAReplyToAnUnknownMessageIsRefused() async throws {
        try await ManualChat.with { chat in
            try await chat.operatorJoins()
            let question = try #require(try await chat.operatorSays("Which size?"))
            #expect(question.canBeReplied())
            let replyID = try await chat.harness.run { _, stream in
                try stream.reply(message: "Medium", repliedMessage: question)
            }
            let id = try #require(replyID)
            #expect(await chat.saw(.changed(id: id, text: "Medium", status: .sent)))
            let quote = try #require(chat.harness.listener.message(id)?.getQuote())
            #expect(quote.getState() == .filled)
            #expect(quote.getMessageText() == "Which size?")
            #expect(quote.getSenderName() == "Anna Petrova")

            // A message the service never had: the service answers `quoted-message-not-found` and the reply goes.
            let unknown = HandBuiltMessage(
                id: "0123456789abcdef0123456789abcdef",
                serverID: "0123456789abcdef0123456789abcdef"
            )
            let refusedID = try await chat.harness.run { _, stream in
                try stream.reply(message: "Lost", repliedMessage: unknown)
            }
            let refused = try #require(refusedID)
            #expect(await chat.saw(.removed(id: refused)))
        }
    }
}
