import Foundation
import HTTPAPI
import WebimWire

/// Performs one scenario step for one visitor through the engine's operator-side parts.
struct ScenarioStepPlayer: Sendable {
    let engine: ChatEngine
    let scenario: Scenario
    /// The scenarios folder; step files are under `files/`.
    let directory: URL
    let visitorID: String
    let event: ScenarioTrigger.Event

    func perform(_ step: Scenario.Step) async throws {
        guard try await applies(step.when) else { return }
        switch step.action {
        case .join:
            try await engine.operators.join(visitorID: visitorID, operatorID: step.operatorId ?? scenario.operator.id)
        case .typing, .stopTyping:
            try await engine.operators.typing(visitorID: visitorID, isTyping: step.action == .typing)
        case .invite:
            try await engine.operators.invite(
                visitorID: visitorID,
                operatorID: step.operatorId ?? scenario.operator.id,
                text: await text(step)
            )
        case .say, .info, .busy, .contactsRequest, .actionRequest:
            try await engine.operatorMessages.send(visitorID: visitorID, await message(for: step))
        case .keyboard:
            guard let spec = step.keyboard else { throw ScenarioStepError(step: step, reason: "keyboard missing") }
            try await engine.operatorMessages.sendKeyboard(
                visitorID: visitorID,
                label: step.label,
                operatorID: step.operatorId
            ) {
                spec.wireItem(messageID: $0)
            }
        case .cancelKeyboard:
            // Without a target: whatever keyboard still waits, since a visitor who typed may be in any menu.
            if step.target == nil {
                try await engine.operatorEdits.cancelPendingKeyboards(visitorID: visitorID)
            } else {
                try await engine.operatorEdits.setKeyboardState(
                    visitorID: visitorID,
                    target: try target(step),
                    state: .canceled
                )
            }
        case .sendFile:
            try await sendFile(step)
        case .edit:
            try await engine.operatorEdits.edit(visitorID: visitorID, target: try target(step), text: await text(step))
        case .delete:
            try await engine.operatorEdits.delete(visitorID: visitorID, target: try target(step))
        case .fillQuote:
            try await engine.operatorEdits.fillQuote(
                visitorID: visitorID,
                quoting: try target(step),
                with: quote(step.quote) ?? .missing
            )
        case .close:
            try await engine.chats.close(visitorID: visitorID, state: ChatStateValue.closedByOperator)
        case .transfer:
            guard let department = step.department else {
                throw ScenarioStepError(step: step, reason: "department missing")
            }
            try await engine.operators.transfer(
                visitorID: visitorID,
                departmentKey: department,
                operatorID: step.operatorId
            )
        case .survey:
            guard let survey = step.survey else { throw ScenarioStepError(step: step, reason: "survey missing") }
            try await engine.operators.startSurvey(visitorID: visitorID, config: survey, question: step.question ?? 0)
        case .setOnlineStatus:
            guard let visitor = try await engine.database.visitor(id: visitorID) else { return }
            try await engine.locations.setOnlineStatus(
                location: visitor.location,
                status: step.status ?? OnlineStatusValue.online
            )
        case .read:
            try await engine.operators.read(visitorID: visitorID)
        case .visitorSays:
            guard let text = step.text, !text.isEmpty else {
                throw ScenarioStepError(step: step, reason: "text missing")
            }
            try await fixtures.recordText(visitorID: visitorID, text: text, label: step.label)
        case .visitorFile:
            let names = (step.file.map { [$0] } ?? []) + (step.files ?? [])
            guard (1...10).contains(names.count) else {
                throw ScenarioStepError(step: step, reason: "file or files (1 to 10) missing")
            }
            try await fixtures.recordFiles(
                visitorID: visitorID,
                files: try names.map { try file(named: $0) },
                caption: step.caption,
                label: step.label
            )
        case .sticker:
            guard let sticker = step.sticker else { throw ScenarioStepError(step: step, reason: "sticker missing") }
            var message = try await message(for: step)
            message.data = try MessageRecord.jsonText(StickerItem(stickerId: sticker))
            try await engine.operatorMessages.send(visitorID: visitorID, message)
        case .visitorSticker:
            guard let sticker = step.sticker else { throw ScenarioStepError(step: step, reason: "sticker missing") }
            try await fixtures.recordSticker(visitorID: visitorID, stickerID: sticker)
        case .visitorKeyboardResponse:
            guard let button = step.button else { throw ScenarioStepError(step: step, reason: "button missing") }
            try await fixtures.recordKeyboardResponse(
                visitorID: visitorID,
                target: try target(step),
                buttonID: button
            )
        }
    }

    private var fixtures: VisitorFixtures { VisitorFixtures(changes: engine.changes.operatorSide, files: engine.files) }

    private func message(for step: Scenario.Step) async throws -> OperatorMessage {
        let kind: MessageItem.Kind =
            switch step.action {
            case .info: .info
            case .busy: .operatorBusy
            case .contactsRequest: .contactsRequest
            case .actionRequest: .actionRequest
            default: .operator
            }
        return OperatorMessage(
            kind: kind.rawValue,
            text: await text(step),
            label: step.label,
            quote: quote(step.quote),
            operatorID: step.operatorId
        )
    }

    /// The step's text with `{{text}}` replaced by the visitor's message, `{{fileCount}}` by how many files the
    /// visitor's file message holds, and `{{visitor.name}}` by the visitor's name (a pre-chat form's `name`, once
    /// the chat's start gave one).
    private func text(_ step: Scenario.Step) async -> String {
        var text = step.text ?? ""
        if text.contains(Self.visitorNamePlaceholder) {
            let name = (try? await engine.database.visitor(id: visitorID))?.name ?? ""
            text = text.replacingOccurrences(of: Self.visitorNamePlaceholder, with: name)
        }
        switch event {
        case .visitorMessage(let visitorText, _, _, _):
            return text.replacingOccurrences(of: "{{text}}", with: visitorText)
        case .visitorFile(_, let count): return text.replacingOccurrences(of: "{{fileCount}}", with: String(count))
        default: return text
        }
    }

    private static let visitorNamePlaceholder = "{{visitor.name}}"

    private func quote(_ spec: Scenario.QuoteSpec?) -> QuoteRequest? {
        guard let spec else { return nil }
        if spec.state == QuoteItem.State.pending.rawValue { return .pending }
        switch spec.of {
        case nil, "missing": return .missing
        case "lastFile": return .lastFile
        case "visitor":
            switch event {
            case .visitorMessage(_, let id, _, _), .visitorFile(let id, _): return .message(.id(id))
            default: return .missing
            }
        case let label?: return .message(.label(label))
        }
    }

    private func target(_ step: Scenario.Step) throws -> MessageTarget {
        guard let label = step.target else { throw ScenarioStepError(step: step, reason: "target missing") }
        return .label(label)
    }

    /// The step's file from `Scenarios/files/`.
    private func file(_ step: Scenario.Step) throws -> UploadedPart {
        guard let name = step.file else { throw ScenarioStepError(step: step, reason: "file missing") }
        return try file(named: name)
    }

    /// A file from `Scenarios/files/`.
    private func file(named name: String) throws -> UploadedPart {
        let url = directory.appendingPathComponent("files").appendingPathComponent(name)
        return UploadedPart(
            filename: url.lastPathComponent,
            contentType: FileInspector.contentType(for: name, declared: "application/octet-stream"),
            bytes: try Data(contentsOf: url)
        )
    }

    private func sendFile(_ step: Scenario.Step) async throws {
        try await engine.operatorMessages.sendFile(
            visitorID: visitorID,
            file: try file(step),
            caption: step.caption,
            label: step.label,
            operatorID: step.operatorId
        )
    }

    private func applies(_ condition: Scenario.Condition?) async throws -> Bool {
        guard let condition else { return true }
        if let needle = condition.textContains {
            guard case .visitorMessage(let text, _, _, _) = event, text.localizedCaseInsensitiveContains(needle) else {
                return false
            }
        }
        if let least = condition.filesAtLeast {
            guard case .visitorFile(_, let count) = event, count >= least else { return false }
        }
        if let most = condition.filesAtMost {
            guard case .visitorFile(_, let count) = event, count <= most else { return false }
        }
        if condition.department != nil || condition.departmentOnline != nil {
            let snapshot = try await engine.database.snapshot(visitorID: visitorID)
            guard let visitor = snapshot?.visitor, let chat = snapshot?.chatDepartmentKey else { return false }
            if let department = condition.department, department != chat { return false }
            if let online = condition.departmentOnline {
                let departments = try await engine.database.departments(location: visitor.location)
                let status = departments.first { $0.key == chat }?.online ?? OnlineStatusValue.offline
                if OnlineStatusValue.isOnline(status) != online { return false }
            }
        }
        return true
    }
}

/// A scenario step that cannot run as written.
struct ScenarioStepError: Error, CustomStringConvertible {
    var step: Scenario.Step
    var reason: String
    var description: String { "step \(step.action.rawValue): \(reason)" }
}
