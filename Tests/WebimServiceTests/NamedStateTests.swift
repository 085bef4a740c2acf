import Foundation
import Testing
import WebimWire

@testable import WebimService

/// The named states a widget frame can be put into (`Scenarios/fixtures/states.yaml`, `GET /fixtures/states`): each
/// fixture location brings a new visitor into its state by itself, with nobody at the page.
@Suite struct NamedStateTests {
    private struct Listed: Decodable {
        struct State: Decodable {
            var name: String
            var location: String
            var caption: String
            var summary: String
        }
        var states: [State]
    }

    @Test func theServiceListsEveryStateWithAScenarioOfItsOwn() async throws {
        try await withService { base in
            let listed = try await HTTP.get(base + "/fixtures/states", as: Listed.self)
            let names = listed.states.map(\.name)
            #expect(names.first == "messages")
            for name in [
                "new-visitor", "ongoing", "offline", "busy", "banned", "prechat", "keyboard-pending",
                "keyboard-completed", "quotes", "survey-stars", "survey-radio", "survey-comment", "kiosk",
            ] {
                #expect(names.contains(name), "\(name) is not listed")
            }
            #expect(Set(names).count == names.count)
            #expect(listed.states.allSatisfy { !$0.caption.isEmpty && !$0.summary.isEmpty })
        }
    }

    @Test func aStateWhoseLocationHasNoScenarioStopsTheLibrary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("fixtures"),
            withIntermediateDirectories: true
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"name": "default", "description": "", "operator": {"id": 1, "name": "O"}}"#
            .write(to: folder.appendingPathComponent("default.json"), atomically: true, encoding: .utf8)
        try "- { name: lost, caption: Lost, location: nowhere, summary: A state with no scenario. }\n"
            .write(to: folder.appendingPathComponent(NamedStateFile.path), atomically: true, encoding: .utf8)
        #expect(throws: ScenarioLibraryError.self) { try ScenarioLibrary(directory: folder) }
    }

    @Test func anOngoingChatIsThereAtTheFirstVisit() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "state-ongoing")
            #expect(try await client.waitForMessage { $0.text.hasPrefix("Tomorrow between 10 and 14") } != nil)
            let joined = try await client.waitFor {
                $0.objectType == DeltaItem.ObjectType.chatState.rawValue && $0.data == .string(ChatStateValue.chatting)
            }
            #expect(joined != nil)
        }
    }

    @Test func aBusyVisitorWaitsInTheQueueAndNobodyJoins() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "state-busy")
            #expect(try await client.waitForMessage { $0.kind == "operator_busy" } != nil)
            let chat = try await client.waitFor { $0.objectType == DeltaItem.ObjectType.chat.rawValue }
            #expect(try chat?.data?.decode(ChatItem.self).state == ChatStateValue.queue)
        }
    }

    @Test func aBannedLocationRefusesEveryVisitorAsBanned() async throws {
        try await withService { base in
            let answer = try await ServiceClient.initialize(base, location: "state-banned")
            #expect(answer.error == WireError.visitorBanned)
            #expect(answer.fullUpdate == nil)
        }
    }

    @Test func aKeyboardWaitsOrIsAnsweredAtTheFirstVisit() async throws {
        try await withService { base in
            let pending = try await ServiceClient.start(base, location: "state-keyboard-pending")
            let waiting = try #require(try await pending.waitForMessage { $0.keyboard != nil })
            #expect(waiting.keyboard?.state == "pending")
            let answered = try await ServiceClient.start(base, location: "state-keyboard-completed")
            #expect(try await answered.waitForMessage { $0.text.hasPrefix("Delivery takes") } != nil)
            let completed = try await answered.waitFor { item in
                item.objectType == "CHAT_MESSAGE" && ["add", "upd"].contains(item.event)
                    && (item.data.flatMap { try? $0.decode(MessageItem.self) })?.keyboard?.state == "completed"
            }
            #expect(completed != nil)
            #expect(try await answered.waitForMessage { $0.kind == "keyboard_response" } != nil)
        }
    }
}
