import Testing

@testable import WidgetServer

/// `GET /limits` and `GET /api/locations/{location}/status` ask the chat service once a minute per location, however
/// often pages ask.
@Suite struct LocationCacheTests {
    @Test func aLocationsValueIsFetchedOncePerLifetime() async {
        let cache = LocationCache<Int>(lifetime: .seconds(60))
        let start = ContinuousClock.now
        let fetches = Counter()
        for offset in [0, 10, 59] {
            _ = await cache.value(location: "default", now: start + .seconds(offset)) { await fetches.increment() }
        }
        #expect(await fetches.value == 1)
        _ = await cache.value(location: "other", now: start) { await fetches.increment() }
        _ = await cache.value(location: "default", now: start + .seconds(61)) { await fetches.increment() }
        #expect(await fetches.value == 3)
    }

    @Test func pagesNamingNewLocationsCannotGrowItPastItsCapacity() async {
        let cache = LocationCache<Int>(lifetime: .seconds(60), capacity: 3)
        let start = ContinuousClock.now
        for index in 0..<10 {
            _ = await cache.value(location: "location-\(index)", now: start + .seconds(index)) { index }
        }
        #expect(cache.count == 3)
        // The newest stay: the last location is answered from memory.
        #expect(await cache.value(location: "location-9", now: start + .seconds(10)) { -1 } == 9)
    }
}

private actor Counter {
    var value = 0
    func increment() -> Int {
        value += 1
        return value
    }
}
