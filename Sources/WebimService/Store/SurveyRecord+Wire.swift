import Foundation
import WebimWire

extension SurveyRecord {
    /// The wire survey at its current question.
    func wireItem() throws -> SurveyItem {
        SurveyItem(
            id: id,
            config: try WireCoding.makeDecoder().decode(SurveyItem.Config.self, from: Data(config.utf8)),
            currentQuestion: .init(formId: formId, questionId: questionIndex)
        )
    }
}
