import Synchronization

/// The upload limits of each location, remembered for a while: every tab of a location has the same ones, so a page
/// asking `GET /limits` again and again costs the chat service one request a minute, not one each.
final class LocationLimitsCache: Sendable {
    /// How long an answer is used before the service is asked again.
    let lifetime: Duration
    private let entries = Mutex<[String: Entry]>([:])

    private struct Entry {
        var limits: UploadLimits
        var fetchedAt: ContinuousClock.Instant
    }

    init(lifetime: Duration = .seconds(60)) { self.lifetime = lifetime }

    /// The location's limits: remembered ones while fresh, else `fetch`'s answer, remembered from now.
    func limits(
        location: String,
        now: ContinuousClock.Instant = .now,
        fetch: () async -> UploadLimits
    ) async -> UploadLimits {
        let fresh = entries.withLock { entries in
            entries[location].flatMap { now - $0.fetchedAt < lifetime ? $0.limits : nil }
        }
        if let fresh { return fresh }
        let limits = await fetch()
        entries.withLock { $0[location] = Entry(limits: limits, fetchedAt: now) }
        return limits
    }
}
