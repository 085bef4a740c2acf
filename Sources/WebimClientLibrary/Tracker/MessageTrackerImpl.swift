/// The public message tracker: checks access, then asks the core.
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
            core.trackerRequest(
                generation: generation,
                limit: limitOfMessages,
                completion: completion,
                immediate: { $0.latestPage(limit: limitOfMessages) },
                remote: { $0.latestPage(limit: limitOfMessages) }
            )
        }
    }

    func getNextMessages(byLimit limitOfMessages: Int, completion: @escaping ([any Message]) -> Void) throws {
        let (generation, completion) = (generation, try core.bind(completion))
        try core.withAccess { core in
            core.trackerRequest(
                generation: generation,
                limit: limitOfMessages,
                completion: completion,
                immediate: { $0.storedOlderPage(limit: limitOfMessages) },
                remote: { await $0.remoteOlderPage(limit: limitOfMessages) }
            )
        }
    }

    func getAllMessages(completion: @escaping ([any Message]) -> Void) throws {
        let (generation, completion) = (generation, try core.bind(completion))
        try core.withAccess { core in
            core.trackerRequest(
                generation: generation,
                limit: nil,
                completion: completion,
                immediate: { $0.storedAllMessages() },
                remote: { await $0.remoteAllMessages() }
            )
        }
    }

    func getLastMessages(byLimit limitOfMessages: Int) async throws -> [any Message] {
        try await core.trackerPage(generation: generation, limit: limitOfMessages) {
            $0.latestPage(limit: limitOfMessages)
        } remote: {
            $0.latestPage(limit: limitOfMessages)
        }
    }

    func getNextMessages(byLimit limitOfMessages: Int) async throws -> [any Message] {
        try await core.trackerPage(generation: generation, limit: limitOfMessages) {
            $0.storedOlderPage(limit: limitOfMessages)
        } remote: {
            await $0.remoteOlderPage(limit: limitOfMessages)
        }
    }

    func getAllMessages() async throws -> [any Message] {
        try await core.trackerPage(generation: generation, limit: nil) {
            $0.storedAllMessages()
        } remote: {
            await $0.remoteAllMessages()
        }
    }

    func resetTo(message: any Message) throws {
        let generation = generation
        try core.withAccess { $0.resetTracker(generation: generation, to: message) }
    }

    func destroy() throws {
        let generation = generation
        try core.withAccess { $0.stopTracker(generation: generation) }
    }
}
