import Synchronization

/// Something every tab of a location shares (its upload limits, its online status), remembered for a while: a page
/// asking again and again costs the chat service one request per lifetime and location, not one each.
final class LocationCache<Value: Sendable>: Sendable {
    /// How long an answer is used before the service is asked again.
    let lifetime: Duration
    /// The most locations remembered: location keys come from pages, so a page naming a new one each time must not
    /// grow the cache without end. Past it, the stalest entry goes.
    let capacity: Int
    private let entries = Mutex<[String: Entry]>([:])

    private struct Entry {
        var value: Value
        var fetchedAt: ContinuousClock.Instant
    }

    init(lifetime: Duration = .seconds(60), capacity: Int = 256) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The location's value: the remembered one while fresh, else `fetch`'s answer, remembered from now.
    func value(
        location: String,
        now: ContinuousClock.Instant = .now,
        fetch: () async -> Value
    ) async -> Value {
        let fresh = entries.withLock { entries in
            entries[location].flatMap { now - $0.fetchedAt < lifetime ? $0.value : nil }
        }
        if let fresh { return fresh }
        let value = await fetch()
        entries.withLock { entries in
            if entries[location] == nil, entries.count >= capacity,
                let stalest = entries.min(by: { $0.value.fetchedAt < $1.value.fetchedAt })?.key
            {
                entries[stalest] = nil
            }
            entries[location] = Entry(value: value, fetchedAt: now)
        }
        return value
    }

    /// How many locations are remembered.
    var count: Int { entries.withLock { $0.count } }
}
