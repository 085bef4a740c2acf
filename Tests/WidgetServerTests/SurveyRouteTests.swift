import Foundation
import TestSupport
import Testing
import WidgetServer

/// The `survey` event and route over real HTTP, against the embedded service: a survey answered question by question,
/// refused answers (the widget's 400 naming the field, the service's refusal as a `result`), and closing.
@Suite struct SurveyRouteTests {
    /// A bot that starts a three-question survey when the visitor writes; `survey-off` does the same where the
    /// location turns surveys off, so that the service refuses every answer.
    static let scenarios: [String: String] = [
        "survey-test": scenario(name: "survey-test", location: ""),
        "survey-off": scenario(name: "survey-off", location: #""accountConfig": {"surveys": false}"#),
    ]

    static func scenario(name: String, location: String) -> String {
        """
        {"name": "\(name)", "description": "Starts a survey on the visitor's message.",
         "operator": {"id": 5, "name": "Sam Survey"},
         "location": {\(location)},
         "onChatStart": [{"after": 0, "action": "join"}],
         "onVisitorMessage": [{"after": 0, "action": "survey", "survey": {"id": 1, "version": "1", "descriptor":
           {"forms": [{"id": 4, "questions": [
             {"type": "stars", "text": "How satisfied are you?"},
             {"type": "radio", "text": "Was it resolved?", "options": ["Yes", "Partly", "No"]},
             {"type": "comment", "text": "Anything else?"}]}]}}}]}
        """
    }

    static func withSurveyStack(_ body: @Sendable (WidgetClient) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory, scenarios: scenarios) { serviceURL, transport in
                try await LiveStack.withWidget(
                    accountURL: serviceURL,
                    serviceURL: serviceURL,
                    dataDirectory: directory,
                    adjust: { $0.serviceTransport = transport }
                ) { stack in try await body(WidgetClient(stack)) }
            }
        }
    }

    @Test func surveyIsAnsweredQuestionByQuestionUntilItEnds() async throws {
        try await Self.withSurveyStack { client in
            let tab = try await client.createTab(location: "survey-test")
            let stream = try await client.events(tab)
            let snapshot = try #require(await stream.next())
            #expect(snapshot.name == "snapshot" && snapshot.json["survey"] is NSNull)
            let none = try await client.post(
                "/api/tabs/\(tab)/survey",
                #"{"action":"answer","answer":"5","clientId":"srv-00000"}"#
            )
            #expect(none.status == 409 && none.errorCode == "no_survey")
            _ = try await client.post("/api/tabs/\(tab)/messages", #"{"text":"Hi","clientId":"msg-00001"}"#)

            let stars = try #require(await Self.nextSurvey(stream))
            #expect(stars["questionIndex"] as? Int == 0 && stars["questionCount"] as? Int == 3)
            let starsQuestion = try #require(stars["question"] as? [String: Any])
            #expect(
                starsQuestion["type"] as? String == "stars"
                    && starsQuestion["text"] as? String == "How satisfied are you?"
            )
            #expect(starsQuestion["formId"] as? Int == 4 && starsQuestion["id"] as? Int == 0)
            #expect(starsQuestion["options"] as? [String] == [])
            // A page that connects now gets the open question in its snapshot.
            let second = try await client.events(tab)
            let secondSnapshot = try #require(await second.next())
            #expect((secondSnapshot.json["survey"] as? [String: Any])?["questionIndex"] as? Int == 0)
            second.close()

            let outOfRange = try await client.post(
                "/api/tabs/\(tab)/survey",
                #"{"action":"answer","answer":"6","clientId":"srv-00001"}"#
            )
            #expect(outOfRange.status == 400 && outOfRange.errorCode == "invalid_survey_answer")
            #expect(outOfRange.errorField == "answer")
            let badAction = try await client.post(
                "/api/tabs/\(tab)/survey",
                #"{"action":"skip","clientId":"srv-00002"}"#
            )
            #expect(badAction.status == 400 && badAction.errorField == "action")

            let radio = try #require(
                try await Self.answer(client, tab, stream, "5", clientID: "srv-00003") as? [String: Any]
            )
            let radioQuestion = try #require(radio["question"] as? [String: Any])
            #expect(radio["questionIndex"] as? Int == 1 && radioQuestion["type"] as? String == "radio")
            #expect(radioQuestion["options"] as? [String] == ["Yes", "Partly", "No"])
            let noSuchOption = try await client.post(
                "/api/tabs/\(tab)/survey",
                #"{"action":"answer","answer":"4","clientId":"srv-00004"}"#
            )
            #expect(noSuchOption.status == 400 && noSuchOption.errorField == "answer")

            let comment = try #require(
                try await Self.answer(client, tab, stream, "2", clientID: "srv-00005") as? [String: Any]
            )
            #expect(comment["questionIndex"] as? Int == 2)
            #expect((comment["question"] as? [String: Any])?["type"] as? String == "comment")
            #expect(try await Self.answer(client, tab, stream, "Quick and kind.", clientID: "srv-00006") is NSNull)
            let after = try await client.events(tab)
            #expect(await after.next()?.json["survey"] is NSNull)
            after.close()
            stream.close()
        }
    }

    @Test func refusedAnswerComesAsAResultAndClosingEndsTheSurvey() async throws {
        try await Self.withSurveyStack { client in
            let tab = try await client.createTab(location: "survey-off")
            let stream = try await client.events(tab)
            _ = await stream.next()
            _ = try await client.post("/api/tabs/\(tab)/messages", #"{"text":"Hi","clientId":"msg-00001"}"#)
            _ = try #require(await Self.nextSurvey(stream))
            let answered = try await client.post(
                "/api/tabs/\(tab)/survey",
                #"{"action":"answer","answer":"3","clientId":"srv-00011"}"#
            )
            #expect(answered.status == 202 && answered.json["clientId"] as? String == "srv-00011")
            let refused = await Self.outcome(stream, clientID: "srv-00011", withSurvey: false).result
            #expect(refused?["ok"] as? Bool == false)
            let error = refused?["error"] as? [String: Any]
            #expect(error?["code"] as? String == "survey_disabled")
            #expect(error?["message"] as? String == "Surveys are turned off.")

            let closed = try await client.post("/api/tabs/\(tab)/survey", #"{"action":"close","clientId":"srv-00012"}"#)
            #expect(closed.status == 202)
            let (result, ended) = await Self.outcome(stream, clientID: "srv-00012", withSurvey: true)
            #expect(result?["ok"] as? Bool == true)
            #expect(ended is NSNull)
            stream.close()
        }
    }

    /// The next `survey` event's open survey; nil if none came or it ended.
    static func nextSurvey(_ stream: SSEReader) async -> [String: Any]? {
        await stream.waitFor(timeout: .seconds(20)) { $0.name == "survey" }?.json["survey"] as? [String: Any]
    }

    /// Answers, waits for the service's acceptance and the `survey` event that follows it (in either order), and
    /// answers that event's `survey`: the next question, or `NSNull` when the survey ended.
    static func answer(
        _ client: WidgetClient,
        _ tab: String,
        _ stream: SSEReader,
        _ answer: String,
        clientID: String
    ) async throws -> Any? {
        let posted = try await client.post(
            "/api/tabs/\(tab)/survey",
            #"{"action":"answer","answer":"\#(answer)","clientId":"\#(clientID)"}"#
        )
        #expect(posted.status == 202, "\(posted.json)")
        let (result, survey) = await outcome(stream, clientID: clientID, withSurvey: true)
        #expect(result?["ok"] as? Bool == true, "\(result ?? [:])")
        return survey
    }

    /// The `result` for `clientID` and, when `withSurvey`, the next `survey` event's `survey`, which may come
    /// before or after it.
    static func outcome(
        _ stream: SSEReader,
        clientID: String,
        withSurvey: Bool
    ) async -> (result: [String: Any]?, survey: Any?) {
        var result: [String: Any]?
        var survey: Any?
        while result == nil || (withSurvey && survey == nil), let event = await stream.next(timeout: .seconds(20)) {
            if event.name == "result", event.json["clientId"] as? String == clientID { result = event.json }
            if event.name == "survey" { survey = event.json["survey"] }
        }
        return (result, survey)
    }
}
