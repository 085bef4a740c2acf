import Foundation
import GRDB
import HTTPAPI
import NIOHTTP1
import TestSupport
import Testing
import WebimWire

@testable import WebimService

/// Every visitor action of the wire vocabulary, sent again and again at its largest, stops storing: the budget
/// refuses it, or it is one that stores nothing more once done. What the visitor's rows hold is measured in the
/// database itself, not from the service's own count, so that an action the count forgets still fails here.
@Suite struct VisitorBudgetChokepointTests {
    /// Small enough that a few of the largest messages fill it.
    static let budgets = StorageBudgets(visitorBytes: 24 * 1024, folderBytes: 1 << 40, retention: .seconds(3600))
    /// Sends per action: the smallest action that stores anything (a resolution answer) passes the budget within them.
    static let sends = 250

    /// How an action, repeated, stops storing.
    enum Ending: Sendable {
        /// The visitor's budget refuses it (`visitor_budget_exceeded`).
        case refusedAtBudget
        /// Once done, repeating it stores nothing (a close, a delete, a keyboard's answer, a replaced value).
        case storesNothingMore
    }

    /// One action: where, what the chat needs first, its form at its largest for the `n`-th send, how it ends.
    struct Recipe: Sendable, CustomTestStringConvertible {
        let action: WireAction
        var location = "manual"
        var prepare: @Sendable (ServiceClient) async throws -> Void = { _ in }
        /// Run before each send (a chat start needs the chat closed again).
        var beforeEach: @Sendable (ServiceClient) async throws -> Void = { _ in }
        let form: @Sendable (ServiceClient, Int) async throws -> [(String, String)]
        let ending: Ending

        var testDescription: String { action.rawValue }
    }

    static let text = String(repeating: "t", count: 10_000)
    static let kilobyte = String(repeating: "k", count: 1_000)
    static let bigForm = String(repeating: "f", count: 30_000)

    static let recipes: [Recipe] = [
        Recipe(
            action: .chatStart,
            beforeEach: { _ = try await $0.action("chat.close") },
            form: { _, n in
                [("first-question", text), ("custom_fields", #"{"k\#(n % 40)":"\#(kilobyte)"}"#)]
            },
            ending: .refusedAtBudget
        ),
        Recipe(action: .chatClose, prepare: startChat, form: { _, _ in [] }, ending: .storesNothingMore),
        Recipe(
            action: .chatMessage,
            form: { _, n in
                [
                    ("client-side-id", "m\(n)"), ("message", text),
                    ("data", #"{"d":"\#(String(repeating: "d", count: 4_000))"}"#),
                ]
            },
            ending: .refusedAtBudget
        ),
        Recipe(
            action: .chatDeleteMessage,
            prepare: { visitor in
                _ = try await visitor.action("chat.message", [("client-side-id", "mine"), ("message", "Hello")])
            },
            form: { _, _ in [("client-side-id", "mine")] },
            ending: .storesNothingMore
        ),
        Recipe(
            action: .chatReactMessage,
            prepare: { visitor in
                try await startChat(visitor)
                try await visitor.console(.POST, "/join")
                try await visitor.console(.POST, "/messages", #"{"text":"\#(text)"}"#)
            },
            form: { visitor, n in
                let answer = try #require(try await visitor.waitForMessage { $0.kind == "operator" })
                return [
                    ("client-side-id", answer.clientSideId ?? answer.id), ("reaction", n % 2 == 0 ? "like" : "dislike"),
                ]
            },
            ending: .refusedAtBudget
        ),
        Recipe(
            action: .chatVisitorTyping,
            prepare: startChat,
            form: { _, _ in [("typing", "1"), ("message-draft", text + text)] },
            ending: .storesNothingMore
        ),
        Recipe(action: .chatReadByVisitor, prepare: operatorSays, form: { _, _ in [] }, ending: .storesNothingMore),
        Recipe(
            action: .chatOperatorRateSelect,
            prepare: operatorSays,
            form: { _, n in [("rate", String(n % 5 - 2)), ("visitor_note", String(repeating: "n", count: 2_000))] },
            ending: .refusedAtBudget
        ),
        Recipe(
            action: .chatResolutionSurveySelect,
            prepare: operatorSays,
            form: { _, n in [("answer", String(n % 2))] },
            ending: .refusedAtBudget
        ),
        Recipe(
            action: .chatKeyboardResponse,
            prepare: { visitor in
                try await operatorSays(visitor)
                try await visitor.console(.POST, "/keyboard", #"{"rows":[[{"id":"b","text":"Yes"}]]}"#)
            },
            form: { visitor, _ in
                let keyboard = try #require(try await visitor.waitForMessage { $0.kind == "keyboard" })
                return [("button-id", "b"), ("request-message-id", keyboard.id)]
            },
            ending: .storesNothingMore
        ),
        Recipe(
            action: .chatSetPrechatFields,
            form: { _, _ in [("prechat-key-independent-fields", #"{"p":"\#(bigForm + bigForm)"}"#)] },
            ending: .refusedAtBudget
        ),
        Recipe(
            action: .chatSendChatHistory,
            prepare: startChat,
            form: { _, _ in [("email", String(repeating: "e", count: 200) + "@example.com")] },
            ending: .storesNothingMore
        ),
        Recipe(
            action: .chatClearHistory,
            prepare: { visitor in
                _ = try await visitor.action("chat.message", [("client-side-id", "old"), ("message", "Hello")])
                _ = try await visitor.action("chat.close")
            },
            form: { _, _ in [] },
            ending: .storesNothingMore
        ),
        Recipe(
            action: .chatActionRequest,
            prepare: { visitor in
                try await operatorSays(visitor)
                try await visitor.console(.POST, "/messages", #"{"text":"Call you?","kind":"action_request"}"#)
            },
            form: { visitor, _ in
                let request = try #require(try await visitor.waitForMessage { $0.kind == "action_request" })
                return [("client-side-id", request.clientSideId ?? request.id), ("extra", kilobyte)]
            },
            ending: .storesNothingMore
        ),
        Recipe(
            action: .chatContactsResponse,
            prepare: startChat,
            form: { _, n in [("visitor-fields", #"{"email":"a@example.com","f\#(n % 45)":"\#(kilobyte)"}"#)] },
            ending: .refusedAtBudget
        ),
        Recipe(
            action: .chatOfflineMessage,
            location: "offline",
            form: { _, n in [("client-side-id", "off\(n)"), ("text", text)] },
            ending: .refusedAtBudget
        ),
        Recipe(
            action: .sticker,
            form: { _, n in [("sticker-id", "5"), ("client-side-id", "s\(n)")] },
            ending: .refusedAtBudget
        ),
        Recipe(
            action: .geoResponse,
            form: { _, _ in [("latitude", "55.75"), ("longitude", "37.61"), ("note", bigForm)] },
            ending: .refusedAtBudget
        ),
        Recipe(
            action: .surveyAnswer,
            prepare: startSurvey,
            form: { visitor, _ in
                let survey = try #require(try await visitor.waitFor { $0.objectType == "SURVEY" && $0.data != .null })
                let id = survey.data?["id"]?.stringValue ?? ""
                return [("survey-id", id), ("form-id", "7"), ("question-id", "0"), ("answer", kilobyte)]
            },
            ending: .storesNothingMore
        ),
        Recipe(
            action: .surveyCancel,
            prepare: startSurvey,
            form: { visitor, _ in
                let survey = try #require(try await visitor.waitFor { $0.objectType == "SURVEY" && $0.data != .null })
                return [("survey-id", survey.data?["id"]?.stringValue ?? "")]
            },
            ending: .storesNothingMore
        ),
        Recipe(
            action: .setPushToken,
            form: { _, n in [("push-token", String(repeating: n % 2 == 0 ? "a" : "b", count: 4_096))] },
            ending: .storesNothingMore
        ),
        Recipe(action: .widgetUpdate, form: { _, _ in [("data", bigForm)] }, ending: .refusedAtBudget),
        Recipe(
            action: .fileUploadProgress,
            form: { _, n in [("client-side-id", "f\(n)"), ("file-name", bigForm), ("state", "upload")] },
            ending: .refusedAtBudget
        ),
    ]

    @Test func aMessagesDataIsAtMostFourKilobytes() async throws {
        try await withService { base in
            let visitor = try await ServiceClient.start(base)
            let fits = #"{"d":"\#(String(repeating: "d", count: MessageLimits.maximumDataBytes - 8))"}"#
            let over = #"{"d":"\#(String(repeating: "d", count: 200_000))"}"#
            let sent = try await visitor.action(
                "chat.message",
                [("client-side-id", "a"), ("message", "Hi"), ("data", fits)]
            )
            #expect(sent.error == nil)
            let refused = try await visitor.action(
                "chat.message",
                [("client-side-id", "b"), ("message", "Hi"), ("data", over)]
            )
            #expect(refused.error == WireError.wrongArgumentValue)
        }
    }

    @Test func everyActionOfTheVocabularyHasARecipe() {
        let covered = Set(Self.recipes.map(\.action))
        #expect(Set(WireAction.allCases).subtracting(covered).isEmpty, "a new action needs its line here")
    }

    @Test(arguments: recipes) func repeatedAtItsLargestAnActionStopsStoring(_ recipe: Recipe) async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(
                dataDirectory: directory,
                holdTimeout: .seconds(2),
                adjust: { $0.storageBudgets = Self.budgets }
            ) { base in
                let database = directory.appendingPathComponent("service/service.sqlite")
                let visitor = try await ServiceClient.start(base, location: recipe.location)
                try await recipe.prepare(visitor)
                var refusedAt: Int?
                var afterFirst: Int64 = 0
                for n in 0..<Self.sends {
                    try await recipe.beforeEach(visitor)
                    let answer = try await visitor.action(recipe.action.rawValue, try await recipe.form(visitor, n))
                    if answer.error == WireError.visitorBudgetExceeded {
                        refusedAt = n
                        break
                    }
                    if n == 0 { afterFirst = try Self.storedBytes(of: visitor.visitorID, in: database) }
                }
                let stored = try Self.storedBytes(of: visitor.visitorID, in: database)
                switch recipe.ending {
                case .refusedAtBudget:
                    #expect(refusedAt != nil, "\(recipe.action.rawValue) was never refused")
                    // Refused, it stored nothing.
                    _ = try await visitor.action(recipe.action.rawValue, try await recipe.form(visitor, Self.sends))
                    #expect(try Self.storedBytes(of: visitor.visitorID, in: database) == stored)
                case .storesNothingMore:
                    #expect(refusedAt == nil, "\(recipe.action.rawValue) was refused: it stores something each time")
                    // What the first send stored (and what a bot answered to it) is all there is.
                    #expect(stored - afterFirst <= 12 * 1024, "\(recipe.action.rawValue) kept storing")
                }
                // A message is kept twice (its row and its delta item): twice the budget, and one send more.
                #expect(stored <= 2 * Self.budgets.visitorBytes + 24 * 1024)
            }
        }
    }

    /// What the visitor's rows hold, counted in the database: their delta log, messages, recorded actions, ratings,
    /// surveys, chats' drafts and their own row's texts.
    static func storedBytes(of visitorID: String, in path: URL) throws -> Int64 {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path.path, configuration: configuration)
        return try queue.read { db in
            try Int64.fetchOne(
                db,
                sql: """
                    SELECT
                      (SELECT COALESCE(SUM(length(CAST(item AS BLOB))), 0) FROM delta WHERE visitorId = :v)
                    + (SELECT COALESCE(SUM(length(CAST(text AS BLOB)) + COALESCE(length(CAST(data AS BLOB)), 0)
                        + COALESCE(length(CAST(quote AS BLOB)), 0)), 0) FROM message WHERE visitorId = :v)
                    + (SELECT COALESCE(SUM(length(CAST(payload AS BLOB))), 0) FROM visitorEvent WHERE visitorId = :v)
                    + (SELECT COALESCE(SUM(COALESCE(length(CAST(note AS BLOB)), 0)), 0) FROM rating
                        WHERE chatId IN (SELECT id FROM chat WHERE visitorId = :v))
                    + (SELECT COALESCE(SUM(length(CAST(answers AS BLOB))), 0) FROM survey WHERE visitorId = :v)
                    + (SELECT COALESCE(SUM(COALESCE(length(CAST(visitorDraft AS BLOB)), 0)), 0) FROM chat
                        WHERE visitorId = :v)
                    + (SELECT length(CAST(fields AS BLOB)) + COALESCE(length(CAST(prechatFields AS BLOB)), 0)
                        + COALESCE(length(CAST(pushToken AS BLOB)), 0) FROM visitor WHERE id = :v)
                    """,
                arguments: ["v": visitorID]
            ) ?? 0
        }
    }

    @Sendable static func startChat(_ visitor: ServiceClient) async throws {
        _ = try await visitor.action("chat.start", [("client-side-id", UUID().uuidString)])
    }

    @Sendable static func operatorSays(_ visitor: ServiceClient) async throws {
        try await startChat(visitor)
        try await visitor.console(.POST, "/join")
        try await visitor.console(.POST, "/messages", #"{"text":"Hello"}"#)
        _ = try await visitor.waitForMessage { $0.kind == "operator" }
    }

    @Sendable static func startSurvey(_ visitor: ServiceClient) async throws {
        try await operatorSays(visitor)
        let survey = #"""
            {"id":1,"descriptor":{"forms":[{"id":7,"questions":[{"type":"comment","text":"Why?"}]}]}}
            """#
        try await visitor.console(.POST, "/survey", survey)
    }
}
