import Foundation
import HTTPAPI
import Logging
import ServiceLifecycle

/// Plays scenarios: each visitor's triggers run one after another, so a greeting never overtakes a reply. A
/// visitor's player ends when their queue is empty: nothing is kept of a visitor whose scenario is silent.
struct ScenarioRunner: TypeNamedService {
    let triggers: AsyncStream<ScenarioTrigger>
    let library: ScenarioLibrary
    let engine: ChatEngine
    let logger: Logger
    /// Whether steps wait their `after:` on the service's clock.
    var pace = ScenarioPace.asScripted
    let queues = ScenarioQueues()

    func run() async throws {
        await withDiscardingTaskGroup { group in
            for await trigger in triggers.cancelOnGracefulShutdown() where queues.add(trigger) {
                group.addTask {
                    while let next = queues.next(for: trigger.visitorID) { await play(next) }
                }
            }
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
                let delay = pace.delay(after: step.after)
                if delay > .zero { try await engine.database.clock.sleep(for: delay) }
                // A paused scenario stays silent: a person answers from the console instead.
                guard try await !engine.controls.isScenarioPaused(visitorID: trigger.visitorID) else { return }
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
        case .visitorMessage(_, _, let whileKeyboardPending, let isHintQuestion):
            (whileKeyboardPending ? scenario.onVisitorMessageWhileKeyboard : nil)
                ?? (isHintQuestion ? scenario.onVisitorHintQuestion : nil) ?? scenario.onVisitorMessage ?? []
        case .visitorFile: scenario.onVisitorFile ?? []
        case .visitorSticker: scenario.onVisitorSticker ?? []
        case .keyboardResponse(let buttonID): scenario.onKeyboardResponse?[buttonID] ?? []
        case .rated: scenario.onRating ?? []
        case .transcriptRequested: scenario.onTranscriptRequest ?? []
        case .surveyFinished: scenario.onSurveyFinished ?? []
        case .visited: scenario.onVisit ?? []
        case .actionAccepted: scenario.onActionAccepted ?? []
        }
    }
}
