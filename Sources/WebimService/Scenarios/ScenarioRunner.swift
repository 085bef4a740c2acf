import Foundation
import Logging
import ServiceLifecycle

/// Plays scenarios: each visitor's triggers run one after another, so a greeting never overtakes a reply.
struct ScenarioRunner: Service {
    let triggers: AsyncStream<ScenarioTrigger>
    let library: ScenarioLibrary
    let engine: ChatEngine
    let logger: Logger

    func run() async throws {
        await withDiscardingTaskGroup { group in
            var queues: [String: AsyncStream<ScenarioTrigger>.Continuation] = [:]
            for await trigger in triggers.cancelOnGracefulShutdown() {
                if let queue = queues[trigger.visitorID] {
                    queue.yield(trigger)
                    continue
                }
                let (stream, queue) = AsyncStream.makeStream(of: ScenarioTrigger.self)
                queues[trigger.visitorID] = queue
                queue.yield(trigger)
                group.addTask {
                    for await trigger in stream { await play(trigger) }
                }
            }
            for queue in queues.values { queue.finish() }
            group.cancelAll()
        }
    }

    private func play(_ trigger: ScenarioTrigger) async {
        let scenario = library.scenario(for: trigger.location)
        let steps: [Scenario.Step]
        let visitorText: String
        switch trigger {
        case .chatStarted:
            (steps, visitorText) = (scenario.onChatStart, "")
        case .visitorMessage(_, _, let text):
            (steps, visitorText) = (scenario.onVisitorMessage, text)
        }
        do {
            for step in steps {
                try await Task.sleep(for: .seconds(step.after))
                try await perform(step, scenario: scenario, visitorID: trigger.visitorID, visitorText: visitorText)
            }
        } catch is CancellationError {
            return
        } catch {
            logger.error("scenario step failed", metadata: ["scenario": "\(scenario.name)", "error": "\(error)"])
        }
    }

    private func perform(_ step: Scenario.Step, scenario: Scenario, visitorID: String, visitorText: String) async throws
    {
        switch step.action {
        case .join:
            try await engine.operatorJoins(visitorID: visitorID, operator: scenario.operator.wireItem)
        case .typing:
            try await engine.operatorTyping(visitorID: visitorID, isTyping: true)
        case .say:
            let text = (step.text ?? "").replacingOccurrences(of: "{{text}}", with: visitorText)
            try await engine.operatorSays(visitorID: visitorID, text: text)
        case .close:
            try await engine.closeChat(visitorID: visitorID, state: ChatStateValue.closedByOperator)
        }
    }
}
