import Synchronization

/// The triggers waiting for each visitor whose scenario is playing, so that a visitor's triggers play one after
/// another; a visitor with nothing playing has no entry, and no task.
final class ScenarioQueues: Sendable {
    private let waiting = Mutex<[String: [ScenarioTrigger]]>([:])

    /// Queues `trigger`; true when no player runs for its visitor, so the caller must start one.
    func add(_ trigger: ScenarioTrigger) -> Bool {
        waiting.withLock { waiting in
            if waiting[trigger.visitorID] != nil {
                waiting[trigger.visitorID]?.append(trigger)
                return false
            }
            waiting[trigger.visitorID] = [trigger]
            return true
        }
    }

    /// The visitor's next trigger; nil when there is none, and then the visitor's player must end (the entry is
    /// gone, so the next trigger starts a new one).
    func next(for visitorID: String) -> ScenarioTrigger? {
        waiting.withLock { waiting in
            guard var queue = waiting[visitorID], !queue.isEmpty else {
                waiting[visitorID] = nil
                return nil
            }
            let trigger = queue.removeFirst()
            waiting[visitorID] = queue
            return trigger
        }
    }

    /// How many visitors have a player running.
    var visitorCount: Int { waiting.withLock { $0.count } }
}
