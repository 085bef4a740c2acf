import Foundation
import NIOHTTP1
import TestSupport
import Testing
import WebimWire

/// The operator's proactive invitation (chat state `invitation`) and action request, as a Webim client sees them.
@Suite struct InvitationAndRequestTests {
    static let hex = "0123456789abcdef0123456789abcdef"

    @Test func anInvitationIsAcceptedByWritingAndTheOperatorStaysInTheChat() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "invitation")
            let invited = try await client.waitFor {
                $0.objectType == DeltaItem.ObjectType.chat.rawValue && $0.event == "upd"
            }
            let chat = try #require(try invited?.data?.decode(ChatItem.self))
            #expect(chat.state == ChatStateValue.invitation)
            #expect(chat.operator?.id == 171)
            #expect(
                try await client.waitForMessage { $0.text.hasPrefix("Hi! I'm Irina") && $0.kind == "operator" } != nil
            )
            _ = try await client.action("chat.message", [("client-side-id", Self.hex), ("message", "Yes, please")])
            let accepted = try await client.waitFor {
                $0.objectType == DeltaItem.ObjectType.chatState.rawValue && $0.data == .string(ChatStateValue.chatting)
            }
            #expect(accepted != nil)
            #expect(try await client.waitForMessage { $0.text == "Glad you wrote! Let me look into it." } != nil)
        }
    }

    @Test func aFileAcceptsAnInvitationAsATextDoes() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "invitation")
            _ = try await client.waitForMessage { $0.text.hasPrefix("Hi! I'm Irina") }
            let sent = try await FileConformanceTests.upload(
                client,
                name: "sunset.png",
                type: "image/png",
                bytes: FileConformanceTests.png,
                clientSideID: Self.hex
            )
            #expect(sent.error == nil)
            let accepted = try await client.waitFor {
                $0.objectType == DeltaItem.ObjectType.chatState.rawValue && $0.data == .string(ChatStateValue.chatting)
            }
            #expect(accepted != nil)
        }
    }

    @Test func aDeclinedInvitationIsClosedAndNotMadeAgain() async throws {
        try await withService { base in
            let device = UUID().uuidString
            let client = try await ServiceClient.start(base, location: "invitation", device: device)
            _ = try await client.waitForMessage { $0.text.hasPrefix("Hi! I'm Irina") }
            #expect(try await client.action("chat.close").error == nil)
            let closed = try await client.waitFor {
                $0.objectType == DeltaItem.ObjectType.chatState.rawValue
                    && $0.data.map { ChatStateValue.isClosed($0.stringValue ?? "") } == true
            }
            #expect(closed != nil)
            // The same visitor again: a page load with a chat behind it is no new visit to invite.
            let again = try await ServiceClient.start(base, location: "invitation", device: device)
            #expect(again.visitorID == client.visitorID)
            #expect(again.page.chat.map { ChatStateValue.isClosed($0.state ?? "") } == true)
            let console = try await ServiceClient.console(
                base,
                .POST,
                "/visitors/\(client.visitorID)/invite",
                #"{"text":"Still here if you need me."}"#
            )
            #expect(console.status == 200)
            let reinvited = try await again.waitForMessage { $0.text == "Still here if you need me." }
            #expect(reinvited != nil)
            let twice = try await ServiceClient.console(
                base,
                .POST,
                "/visitors/\(client.visitorID)/invite",
                #"{"text":"Hello?"}"#
            )
            #expect(twice.status == 409)
        }
    }

    @Test func anAcceptedActionRequestReachesTheScenario() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "requests")
            _ = try await client.action("chat.start", [("client-side-id", Self.hex)])
            let request = try #require(try await client.waitForMessage { $0.kind == "action_request" })
            #expect(request.text == "Shall we call you back? It takes a minute.")
            #expect(try await client.waitForMessage { $0.kind == "cont_req" } != nil)
            let answer = try await client.action(
                WireAction.chatActionRequest.rawValue,
                [(WireParameter.clientSideID, request.clientSideId ?? request.id)]
            )
            #expect(answer.error == nil)
            #expect(
                try await client.waitForMessage { $0.text == "Thank you! We will call you within a minute." } != nil
            )
        }
    }
}
