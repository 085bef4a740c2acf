import Foundation
import Synchronization
import TestSupport
import Testing
import WebimClientLibrary
import WebimWire

/// A whole session against replayed SDK-shaped JSON (PROTOCOL.md §3.2, §3.4, §4.9, §5.2): the full update's survey and
/// a `SURVEY` null reach the `SurveyListener`, and each answer and the close send exactly the SDK's form fields.
@Suite struct SurveySessionTests {
    static let surveyJSON = #"""
        {"id":"sv1","config":{"id":3,"version":"1","descriptor":{"forms":[{"id":1,"questions":[{"type":"stars","text":"How satisfied are you?"},{"type":"radio","text":"Was it resolved?","options":["Yes","Partly","No"]},{"type":"comment","text":"Anything else?"}]}]}},"current_question":{"form_id":1,"question_id":0}}
        """#
    static let cancelledJSON = #"""
        {"revision":2,"deltaList":[{"objectType":"SURVEY","event":"upd","id":"s1","data":null}]}
        """#

    @Test func eachAnswerSendsTheOpenQuestionsFieldsAndTheNextQuestionFollows() async throws {
        try await ReplayedSession.with(survey: Self.surveyJSON) { session in
            #expect(await session.next() == "survey sv1 form 1 question 0")
            #expect(await session.next() == "question stars How satisfied are you?")
            try await session.run { try $0.send(surveyAnswer: "4", completionHandler: session.recorder.answer) }
            #expect(await session.next() == "question radio Was it resolved? [Yes, Partly, No]")
            #expect(await session.next() == "answer success")
            try await session.run { try $0.send(surveyAnswer: "2", completionHandler: session.recorder.answer) }
            #expect(await session.next() == "question comment Anything else?")
            #expect(await session.next() == "answer success")
            try await session.stream.send(surveyAnswer: "Thank you!")
            session.transport.deliver(Self.cancelledJSON)
            #expect(await session.next() == "cancelled")
            #expect(
                session.transport.actions() == [
                    "action=survey.answer&answer=4&form-id=1&question-id=0&survey-id=sv1",
                    "action=survey.answer&answer=2&form-id=1&question-id=1&survey-id=sv1",
                    "action=survey.answer&answer=Thank you!&form-id=1&question-id=2&survey-id=sv1",
                ]
            )
            // No survey is open now: both calls fail at once, without asking the service.
            try await session.run { try $0.send(surveyAnswer: "5", completionHandler: session.recorder.answer) }
            #expect(await session.next() == "answer noCurrentSurvey")
            await #expect(throws: SurveyCloseError.noCurrentSurvey) { try await session.stream.closeSurvey() }
            #expect(session.transport.actions().count == 3)
        }
    }

    @Test func closingSendsSurveyCancelAndTheServicesNullEndsTheSurvey() async throws {
        try await ReplayedSession.with(survey: Self.surveyJSON) { session in
            #expect(await session.next() == "survey sv1 form 1 question 0")
            #expect(await session.next() == "question stars How satisfied are you?")
            try await session.run { try $0.closeSurvey(completionHandler: session.recorder.close) }
            #expect(await session.next() == "close success")
            session.transport.deliver(Self.cancelledJSON)
            #expect(await session.next() == "cancelled")
            #expect(session.transport.actions() == ["action=survey.cancel&survey-id=sv1"])
        }
    }

    @Test func refusedAnswerReachesTheHandlerAndKeepsTheQuestionOpen() async throws {
        try await ReplayedSession.with(survey: Self.surveyJSON, refusing: WireError.incorrectStarsValue) { session in
            _ = await session.next()
            _ = await session.next()
            try await session.run { try $0.send(surveyAnswer: "9", completionHandler: session.recorder.answer) }
            #expect(await session.next() == "answer incorrectStarsValue")
            await #expect(throws: SendSurveyAnswerError.incorrectStarsValue) {
                try await session.stream.send(surveyAnswer: "0")
            }
            #expect(session.transport.actions().allSatisfy { $0.contains("question-id=0") })
        }
    }
}

/// A session whose service is a script: init answers a full update with `survey`, the delta long-poll answers what
/// the test delivers, every action answers ok (or `refusing`), and the actions' form fields are kept in order.
private struct ReplayedSession {
    let harness: SessionHarness
    let transport: ReplayTransport
    let recorder: SurveyRecorder
    let stream: any MessageStream

    static func with(
        survey: String,
        refusing refusal: String? = nil,
        _ body: @Sendable (ReplayedSession) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            let transport = ReplayTransport(survey: survey, refusal: refusal)
            let recorder = SurveyRecorder()
            let harness = SessionHarness()
            try await harness.start(accountURL: "http://127.0.0.1:9", storage: directory) { builder in
                builder.set(wireTransport: transport)
            }
            let stream = try await harness.run { _, stream in
                stream.set(surveyListener: recorder)
                return StreamBox(stream: stream)
            }
            try await body(
                ReplayedSession(harness: harness, transport: transport, recorder: recorder, stream: stream.stream)
            )
            try? await harness.destroy()
        }
    }

    /// Runs `body` on the session's executor.
    func run(_ body: @Sendable (any MessageStream) throws -> Void) async throws {
        try await harness.run { _, stream in try body(stream) }
    }

    /// The next listener or handler call, waiting up to ten seconds.
    func next() async -> String? { await recorder.next() }
}

/// The stream, carried out of the executor for the async forms, which may be called from any task.
private struct StreamBox: @unchecked Sendable {
    // Off the executor only the async survey calls use it, and they hop onto the executor themselves.
    let stream: any MessageStream
}

// The stream is only used through `run` (on the executor) and by the async survey calls, which hop onto it.
extension ReplayedSession: @unchecked Sendable {}

/// Records the survey listener's and handlers' calls as text.
private final class SurveyRecorder: SurveyListener {
    private let log = CallLog()

    func on(survey: any Survey) {
        let current = survey.getCurrentQuestionInfo()
        log.record("survey \(survey.getID()) form \(current.getFormID()) question \(current.getQuestionID())")
    }
    func on(nextQuestion: any SurveyQuestion) {
        let options = nextQuestion.getOptions().map { " [\($0.joined(separator: ", "))]" } ?? ""
        log.record("question \(nextQuestion.getType()) \(nextQuestion.getText())\(options)")
    }
    func onSurveyCancelled() { log.record("cancelled") }
    func record(_ call: String) { log.record(call) }

    /// The handler of `send(surveyAnswer:completionHandler:)`.
    var answer: AnswerHandler { AnswerHandler(recorder: self) }
    /// The handler of `closeSurvey(completionHandler:)`.
    var close: CloseHandler { CloseHandler(recorder: self) }

    func next() async -> String? { await log.next() }
}

private final class AnswerHandler: SendSurveyAnswerCompletionHandler {
    let recorder: SurveyRecorder
    init(recorder: SurveyRecorder) { self.recorder = recorder }
    func onSuccess() { recorder.record("answer success") }
    func onFailure(error: SendSurveyAnswerError) { recorder.record("answer \(error)") }
}

private final class CloseHandler: SurveyCloseCompletionHandler {
    let recorder: SurveyRecorder
    init(recorder: SurveyRecorder) { self.recorder = recorder }
    func onSuccess() { recorder.record("close success") }
    func onFailure(error: SurveyCloseError) { recorder.record("close \(error)") }
}

/// The scripted service (see `ReplayedSession`).
private final class ReplayTransport: WireTransport {
    private let survey: String
    private let refusal: String?
    private let sent = Mutex<[String]>([])
    private let deltas: AsyncStream<String>
    private let deltaSink: AsyncStream<String>.Continuation

    init(survey: String, refusal: String?) {
        self.survey = survey
        self.refusal = refusal
        (deltas, deltaSink) = AsyncStream.makeStream(of: String.self)
    }

    /// The next delta long-poll answers `json`.
    func deliver(_ json: String) { deltaSink.yield(json) }

    /// Each action's form fields but the page's, sorted by name, values decoded: `action=…&name=value…`.
    func actions() -> [String] { sent.withLock { $0 } }

    func exchange(_ request: WireRequest, timeout: Duration) async throws -> WireReply {
        let path = request.pathAndQuery.split(separator: "?").first.map(String.init) ?? ""
        switch path {
        case WireEndpoint.initialization:
            return Self.reply(
                #"{"revision":1,"fullUpdate":{"pageId":"p1","authToken":"t1","visitSessionId":"s1","visitor":{"id":"v1"},"#
                    + #""state":"chat","onlineStatus":"online","chat":null,"survey":\#(survey)}}"#
            )
        case WireEndpoint.delta:
            var iterator = deltas.makeAsyncIterator()
            guard let json = await iterator.next() else { throw CancellationError() }
            return Self.reply(json)
        case WireEndpoint.action:
            let fields = Self.formFields(request.body)
            guard fields.contains(where: { $0.hasPrefix("action=survey.") }) else {
                return Self.reply(#"{"result":"ok"}"#)
            }
            sent.withLock { $0.append(fields.joined(separator: "&")) }
            return Self.reply(refusal.map { #"{"error":"\#($0)"}"# } ?? #"{"result":"ok"}"#)
        case WireEndpoint.history:
            return Self.reply(#"{"result":"ok","data":{"revision":"1","hasMore":false,"messages":[]}}"#)
        default:
            return Self.reply("{}")
        }
    }

    private static func reply(_ json: String) -> WireReply { WireReply(status: 200, body: Data(json.utf8)) }

    private static func formFields(_ body: Data) -> [String] {
        String(decoding: body, as: UTF8.self).split(separator: "&").compactMap { pair -> String? in
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            guard let name = parts.first, name != WireParameter.pageID, name != WireParameter.authToken else {
                return nil
            }
            return "\(name)=\(parts.count > 1 ? parts[1] : "")"
        }.sorted()
    }
}
