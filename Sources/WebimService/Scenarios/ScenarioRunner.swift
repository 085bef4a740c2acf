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
        guard let scenario = library.scenario(for: trigger.location) else { return }
        let steps = Self.steps(of: scenario, for: trigger.event)
        let player = ScenarioStepPlayer(
            engine: engine,
            scenario: scenario,
            directory: library.directory,
            visitorID: trigger.visitorID,
            event: trigger.event
        )
        do {
            for step in steps {
                try await Task.sleep(for: .seconds(step.after ?? 0))
                // A paused scenario stays silent: a person answers from the console instead.
                guard try await !engine.isScenarioPaused(visitorID: trigger.visitorID) else { return }
                try await player.perform(step)
            }
        } catch is CancellationError {
            return
        } catch {
            logger.error(
                "scenario step failed",
                metadata: [
                    "scenario": "\(scenario.name)", "visitor": "\(trigger.visitorID.prefix(8))", "error": "\(error)",
                ]
            )
        }
    }

    private static func steps(of scenario: Scenario, for event: ScenarioTrigger.Event) -> [Scenario.Step] {
        switch event {
        case .chatStarted: scenario.onChatStart ?? []
        case .visitorMessage: scenario.onVisitorMessage ?? []
        case .visitorFile: scenario.onVisitorFile ?? []
        case .keyboardResponse(let buttonID): scenario.onKeyboardResponse?[buttonID] ?? []
        case .rated: scenario.onRating ?? []
        case .transcriptRequested: scenario.onTranscriptRequest ?? []
        case .surveyFinished: scenario.onSurveyFinished ?? []
        }
    }
}
