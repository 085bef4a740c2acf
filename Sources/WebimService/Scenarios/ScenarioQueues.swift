import Synchronization

/// The triggers waiting for each visitor whose scenario is playing, so that a visitor's triggers play one after
/// another; a visitor with nothing playing has no entry, and no task.
final class ScenarioQueues: Sendable {
    private let waiting = Mutex<[String: [ScenarioTrigger]]>([:])

    /// The most triggers that wait for one visitor behind the one playing. A default location's answer takes over a
    /// second, so a page sending as fast as its rate limit lets it would otherwise grow the service's memory without
    /// end, and keep the bot echoing long after the visitor stopped.
    static let maximumWaiting = 8

    /// Queues `trigger`; true when no player runs for its visitor, so the caller must start one.
    ///
    /// With `maximumWaiting` queued, the oldest waiting message, file or sticker gives way: the bot answers what the
    /// visitor said last, never everything they said. When nothing of the sort waits, the new trigger is the one
    /// dropped.
    func add(_ trigger: ScenarioTrigger) -> Bool {
        waiting.withLock { waiting in
            guard var queue = waiting[trigger.visitorID] else {
                waiting[trigger.visitorID] = [trigger]
                return true
            }
            if queue.count >= Self.maximumWaiting {
                guard let oldest = queue.firstIndex(where: { $0.event.isSomethingSaid }) else { return false }
                queue.remove(at: oldest)
            }
            queue.append(trigger)
            waiting[trigger.visitorID] = queue
            return false
        }
    }

    /// How many triggers wait for the visitor behind the one playing.
    func waitingCount(for visitorID: String) -> Int { waiting.withLock { $0[visitorID]?.count ?? 0 } }

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
