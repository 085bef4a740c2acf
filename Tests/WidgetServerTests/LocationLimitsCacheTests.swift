import Testing

@testable import WidgetServer

/// `GET /limits` asks the chat service once a minute per location, however often pages ask.
@Suite struct LocationLimitsCacheTests {
    @Test func aLocationsLimitsAreFetchedOncePerLifetime() async {
        let cache = LocationLimitsCache(lifetime: .seconds(60))
        let start = ContinuousClock.now
        let fetches = Counter()
        let limits = UploadLimits(maxFileSize: 1, allowedTypes: [], uploadsAllowed: true)
        for offset in [0, 10, 59] {
            _ = await cache.limits(location: "default", now: start + .seconds(offset)) {
                await fetches.increment()
                return limits
            }
        }
        #expect(await fetches.value == 1)
        _ = await cache.limits(location: "other", now: start) {
            await fetches.increment()
            return limits
        }
        _ = await cache.limits(location: "default", now: start + .seconds(61)) {
            await fetches.increment()
            return limits
        }
        #expect(await fetches.value == 3)
    }
}

private actor Counter {
    var value = 0
    func increment() { value += 1 }
}
