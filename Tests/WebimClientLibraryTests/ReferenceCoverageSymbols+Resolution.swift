import WebimClientLibrary

extension ReferenceCoverageSymbols {
    /// The resolution survey ("was your question resolved?"): the stream's calls, the handler and the errors.
    mutating func addResolution() {
        add(
            "MessageStream.sendResolutionSurvey(id:answer:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.sendResolutionSurvey(id:answer:completionHandler:) }
        )
        add(
            "MessageStream.getLastResolutionSurveyWith(operatorId:)",
            { (messageStream: any MessageStream) in messageStream.getLastResolutionSurveyWith(operatorId:) }
        )
        add("SendResolutionCompletionHandler", (any SendResolutionCompletionHandler).self)
        add(
            "SendResolutionCompletionHandler.onSuccess()",
            { (handler: any SendResolutionCompletionHandler) in handler.onSuccess }
        )
        add(
            "SendResolutionCompletionHandler.onFailure(error:)",
            { (handler: any SendResolutionCompletionHandler) in handler.onFailure(error:) }
        )
        add("SendResolutionError", SendResolutionError.self)
        add("SendResolutionError.noChat", SendResolutionError.noChat)
        add("SendResolutionError.rateDisabled", SendResolutionError.rateDisabled)
        add("SendResolutionError.operatorNotInChat", SendResolutionError.operatorNotInChat)
        add("SendResolutionError.resolutionSurveyValueIncorrect", SendResolutionError.resolutionSurveyValueIncorrect)
        add("SendResolutionError.rateFormMismatch", SendResolutionError.rateFormMismatch)
        add("SendResolutionError.visitorSegmentMismatch", SendResolutionError.visitorSegmentMismatch)
        add("SendResolutionError.ratedEntityMismatch", SendResolutionError.ratedEntityMismatch)
        add("SendResolutionError.unknown", SendResolutionError.unknown)
    }
}
