import WebimWire

extension MessageStreamImpl {
    func sendResolutionSurvey(
        id: String,
        answer: Int,
        completionHandler: (any SendResolutionCompletionHandler)?
    ) throws {
        // The reference logs and sends nothing for another answer.
        guard answer == 0 || answer == 1 else { return }
        try core.withAccess { core in
            var fields = [(WireParameter.operatorID, id), (WireParameter.answer, String(answer))]
            if let chatID = core.state.chatID { fields.append((WireParameter.threadID, String(chatID))) }
            ChatRequests.queue(.chatResolutionSurveySelect, fields, in: core) { core, outcome in
                switch outcome {
                case .success:
                    core.state.operatorResolutions[id] = answer
                    completionHandler?.onSuccess()
                case .failure(let code): completionHandler?.onFailure(error: SendResolutionError(wireCode: code))
                case .canceled: break
                }
            }
        }
    }
}
