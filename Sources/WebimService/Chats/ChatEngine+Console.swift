import Foundation
import WebimWire

/// Location-wide and visitor-wide operator actions: online status, departments, bans, scenario pause, surveys.
extension ChatEngine {
    /// Sets a location's online status; its visitors without an open chat get their new resting state.
    func setOnlineStatus(location name: String, status: String) async throws {
        guard OnlineStatusValue.all.contains(status) else {
            throw OperatorActionError.badInput(
                field: "onlineStatus",
                reason: "one of \(OnlineStatusValue.all.sorted())"
            )
        }
        try await database.setOnlineStatus(location: name, status: status)
        let hasDepartments = !(try await database.departments(location: name)).isEmpty
        for visitorID in try await database.visitorIDs(location: name) {
            try await change(visitorID: visitorID) { change in
                guard try change.openChat() == nil else { return }
                let state = restingStateValue(change.visitor, status: status, hasDepartments: hasDepartments)
                guard state != change.visitor.visitState else { return }
                change.visitor.visitState = state
                try change.append(.visitSessionState, data: .string(state))
            }
        }
        await events.publish(ConsoleEvent(kind: "location.changed", visitorID: nil, revision: nil))
    }

    /// Sets a department's online status: DEPARTMENT_LIST to the location's visitors.
    func setDepartmentStatus(location name: String, key: String, online: String) async throws {
        guard OnlineStatusValue.all.contains(online) else {
            throw OperatorActionError.badInput(field: "online", reason: "one of \(OnlineStatusValue.all.sorted())")
        }
        guard try await database.setDepartmentStatus(location: name, key: key, online: online) else {
            throw OperatorActionError.notFound("department")
        }
        let list = try WireCoding.jsonValue(of: try await database.departments(location: name))
        for visitorID in try await database.visitorIDs(location: name) {
            try await change(visitorID: visitorID) { change in try change.append(.departmentList, data: list) }
        }
    }

    /// Bans or unbans a visitor; a banned visitor's held poll answers `visitor_banned` at once.
    func setBanned(visitorID: String, banned: Bool) async throws {
        guard try await database.setBanned(visitorID: visitorID, banned: banned) else {
            throw OperatorActionError.notFound("visitor")
        }
        let revision = try await database.revision(visitorID: visitorID) ?? 0
        await broadcaster.publish(visitorID: visitorID, revision: revision)
        await events.publish(ConsoleEvent(kind: "visitor.changed", visitorID: visitorID, revision: revision))
    }

    /// Pauses or resumes a visitor's scenario, so that a person can take over.
    func setScenarioPaused(visitorID: String, paused: Bool) async throws {
        guard try await database.setScenarioPaused(visitorID: visitorID, paused: paused) else {
            throw OperatorActionError.notFound("visitor")
        }
        await events.publish(ConsoleEvent(kind: "visitor.changed", visitorID: visitorID, revision: nil))
    }

    /// Whether a visitor's scenario is paused.
    func isScenarioPaused(visitorID: String) async throws -> Bool {
        try await database.visitor(id: visitorID)?.scenarioPaused ?? false
    }

    /// Starts a survey: SURVEY with the first question.
    func startSurvey(visitorID: String, config: SurveyItem.Config) async throws {
        guard let form = config.descriptor.forms.first, !form.questions.isEmpty else {
            throw OperatorActionError.badInput(field: "survey", reason: "needs a form with a question")
        }
        let configText = try MessageRecord.jsonText(config)
        try await change(visitorID: visitorID) { change in
            if var previous = try change.currentSurvey() {
                previous.finished = true
                try change.save(survey: previous)
            }
            let survey = SurveyRecord(
                id: RandomID.hex(),
                visitorId: change.visitor.id,
                config: configText,
                formId: form.id,
                questionIndex: 0,
                answers: "[]",
                finished: false
            )
            try change.save(survey: survey)
            try change.append(.survey, value: survey.wireItem())
        }
    }

    private func restingStateValue(_ visitor: VisitorRecord, status: String, hasDepartments: Bool) -> String {
        restingState(of: visitor, onlineStatus: status, hasDepartments: hasDepartments)
    }
}
