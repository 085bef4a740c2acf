/// The public message tracker: checks access, then asks the session's message tracking.
final class MessageTrackerImpl: MessageTracker {
    private let core: SessionCore
    private let generation: Int

    init(core: SessionCore, generation: Int) {
        self.core = core
        self.generation = generation
    }

    func getLastMessages(byLimit limitOfMessages: Int, completion: @escaping ([any Message]) -> Void) throws {
        let (generation, completion) = (generation, try core.bind(completion))
        try core.withAccess { core in
            core.tracker.request(
                generation: generation,
                limit: limitOfMessages,
                in: core,
                completion: completion,
                immediate: { $0.tracker.latestPage(limit: limitOfMessages, in: $0) },
                remote: { $0.tracker.latestPage(limit: limitOfMessages, in: $0) }
            )
        }
    }

    func getNextMessages(byLimit limitOfMessages: Int, completion: @escaping ([any Message]) -> Void) throws {
        let (generation, completion) = (generation, try core.bind(completion))
        try core.withAccess { core in
            core.tracker.request(
                generation: generation,
                limit: limitOfMessages,
                in: core,
                completion: completion,
                immediate: { $0.tracker.storedOlderPage(limit: limitOfMessages, in: $0) },
                remote: { await $0.tracker.remoteOlderPage(limit: limitOfMessages, in: $0) }
            )
        }
    }

    func getAllMessages(completion: @escaping ([any Message]) -> Void) throws {
        let (generation, completion) = (generation, try core.bind(completion))
        try core.withAccess { core in
            core.tracker.request(
                generation: generation,
                limit: nil,
                in: core,
                completion: completion,
                immediate: { $0.tracker.storedAllMessages(in: $0) },
                remote: { await $0.tracker.remoteAllMessages(in: $0) }
            )
        }
    }

    func getLastMessages(byLimit limitOfMessages: Int) async throws -> [any Message] {
        let generation = generation
        return try await core.within { core in
            try await core.tracker.page(generation: generation, limit: limitOfMessages, in: core) {
                $0.tracker.latestPage(limit: limitOfMessages, in: $0)
            } remote: {
                $0.tracker.latestPage(limit: limitOfMessages, in: $0)
            }
        }
    }

    func getNextMessages(byLimit limitOfMessages: Int) async throws -> [any Message] {
        let generation = generation
        return try await core.within { core in
            try await core.tracker.page(generation: generation, limit: limitOfMessages, in: core) {
                $0.tracker.storedOlderPage(limit: limitOfMessages, in: $0)
            } remote: {
                await $0.tracker.remoteOlderPage(limit: limitOfMessages, in: $0)
            }
        }
    }

    func getAllMessages() async throws -> [any Message] {
        let generation = generation
        return try await core.within { core in
            try await core.tracker.page(generation: generation, limit: nil, in: core) {
                $0.tracker.storedAllMessages(in: $0)
            } remote: {
                await $0.tracker.remoteAllMessages(in: $0)
            }
        }
    }

    func resetTo(message: any Message) throws {
        let generation = generation
        try core.withAccess { $0.tracker.resetTracker(generation: generation, to: message) }
    }

    func destroy() throws {
        let generation = generation
        try core.withAccess { $0.tracker.stopTracker(generation: generation) }
    }
}
