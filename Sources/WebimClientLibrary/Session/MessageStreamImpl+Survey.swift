import WebimWire

extension MessageStreamImpl {
    func send(surveyAnswer: String, completionHandler: (any SendSurveyAnswerCompletionHandler)?) throws {
        try core.withAccess { Self.answerSurvey(surveyAnswer, core: $0, completionHandler: completionHandler) }
    }

    func send(surveyAnswer: String) async throws {
        try await Self.answerSurvey(surveyAnswer, core: core)
    }

    func closeSurvey(completionHandler: (any SurveyCloseCompletionHandler)?) throws {
        try core.withAccess { Self.closeSurvey(core: $0, completionHandler: completionHandler) }
    }

    func closeSurvey() async throws {
        try await Self.closeSurvey(core: core)
    }

    /// `survey.answer` to the open question; on success the tracker moves to the next one (PROTOCOL.md §5.2).
    private static func answerSurvey(
        _ answer: String,
        core: isolated SessionCore,
        completionHandler: (any SendSurveyAnswerCompletionHandler)?,
        onCanceled: @escaping @Sendable () -> Void = {}
    ) {
        guard let target = core.state.survey.target else {
            completionHandler?.onFailure(error: .noCurrentSurvey)
            return
        }
        let fields = [
            (WireParameter.surveyID, target.surveyID),
            (WireParameter.formID, String(target.formID)),
            (WireParameter.questionID, String(target.questionID)),
            (WireParameter.answer, answer),
        ]
        ChatRequests.queue(.surveyAnswer, fields, in: core) { core, outcome in
            switch outcome {
            case .success:
                core.listeners.deliver(core.state.survey.answered(target))
                completionHandler?.onSuccess()
            case .failure(let code): completionHandler?.onFailure(error: SendSurveyAnswerError(wireCode: code))
            case .canceled: onCanceled()
            }
        }
    }

    /// `survey.cancel`, which iOS 3.43 and Android send and the service accepts (PROTOCOL.md §10); the survey ends
    /// when the service's `SURVEY` null arrives.
    private static func closeSurvey(
        core: isolated SessionCore,
        completionHandler: (any SurveyCloseCompletionHandler)?,
        onCanceled: @escaping @Sendable () -> Void = {}
    ) {
        guard let survey = core.state.survey.survey else {
            completionHandler?.onFailure(error: .noCurrentSurvey)
            return
        }
        ChatRequests.queue(.surveyCancel, [(WireParameter.surveyID, survey.id)], in: core) { _, outcome in
            switch outcome {
            case .success: completionHandler?.onSuccess()
            case .failure(let code): completionHandler?.onFailure(error: SurveyCloseError(wireCode: code))
            case .canceled: onCanceled()
            }
        }
    }

    private static func answerSurvey(_ answer: String, core: isolated SessionCore) async throws {
        guard !core.isDestroyed else { throw AccessError.invalidSession }
        let waiter = SurveyWaiter()
        try await withCheckedThrowingContinuation { continuation in
            waiter.continuation = continuation
            answerSurvey(answer, core: core, completionHandler: waiter) { waiter.finish(AccessError.invalidSession) }
        }
    }

    private static func closeSurvey(core: isolated SessionCore) async throws {
        guard !core.isDestroyed else { throw AccessError.invalidSession }
        let waiter = SurveyWaiter()
        try await withCheckedThrowingContinuation { continuation in
            waiter.continuation = continuation
            closeSurvey(core: core, completionHandler: waiter) { waiter.finish(AccessError.invalidSession) }
        }
    }
}

/// Turns a survey completion handler's call into the async forms' return or throw.
///
/// `@unchecked Sendable`: `continuation` is set once on the session's executor before the action is queued, and
/// read only by the handler's calls, which run on that executor too.
private final class SurveyWaiter: SendSurveyAnswerCompletionHandler, SurveyCloseCompletionHandler,
    @unchecked Sendable
{
    var continuation: CheckedContinuation<Void, any Error>?

    func onSuccess() { finish(nil) }
    func onFailure(error: SendSurveyAnswerError) { finish(error) }
    func onFailure(error: SurveyCloseError) { finish(error) }

    func finish(_ error: (any Error)?) {
        guard let continuation else { return }
        self.continuation = nil
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
