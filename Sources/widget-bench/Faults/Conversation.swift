import Foundation

/// Tabs in conversation with the operator: each tab sends its numbered messages at a steady pace, the operator
/// joins each chat and answers at random, and at the end everything answered 2xx is reconciled against the
/// service's store and each tab's streams.
actor Conversation {
    /// What the reconciliation found.
    struct Reconciliation: Sendable {
        var visitorMessages = 0
        var operatorMessages = 0
        var events = 0
        var lost = 0
        var duplicated = 0
        var outOfOrder = 0
        /// Event ids that skipped or went back between two connections.
        var gaps = 0
        var freshSnapshots = 0
        var refusals = 0
        var unanswered = 0
        /// Sends that never got their 2xx: the page would show them failed.
        var failedSends = 0
        /// Tabs whose credential a server refused, so that they began again as a new visitor.
        var lostTabs = 0
    }

    let tabs: [FaultTab]
    private let console: ConsoleDriver
    private var random: SeededRandom
    private var visitorIDs: [Int: String] = [:]
    private var operatorAccepted: [Int: [String]] = [:]
    private var refusals = 0
    private var unanswered = 0
    private var failedSends = 0
    private var isStopping = false

    init(tabs: [FaultTab], console: ConsoleDriver, seed: UInt64) {
        self.tabs = tabs
        self.console = console
        random = SeededRandom(seed: seed)
    }

    /// Opens every tab and its stream (64 at a time, as a fleet of browsers would over a few seconds).
    static func openTabs(
        count: Int,
        http: BenchHTTP,
        baseURL: String,
        location: String = "manual"
    ) async throws -> [FaultTab] {
        let tabs = (0..<count).map { FaultTab(index: $0, location: location, http: http, baseURL: baseURL) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, tab) in tabs.enumerated() {
                if index >= 64 { try await group.next() }
                group.addTask {
                    try await tab.open()
                    await tab.startReading()
                    await tab.waitUntilLive()
                }
            }
            try await group.waitForAll()
        }
        return tabs
    }

    /// Message `v<tab>.<number>` from every tab (64 at a time), each retried until its 2xx; throws when one never
    /// gets it.
    static func sendFromEveryTab(_ tabs: [FaultTab], number: Int, clientIDPrefix: String) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, tab) in tabs.enumerated() {
                if index >= 64 { try await group.next() }
                group.addTask {
                    let outcome = await tab.send(
                        "v\(tab.index).\(number)",
                        clientID: "\(clientIDPrefix)-\(tab.index)-\(number)",
                        until: .now + .seconds(60)
                    )
                    guard outcome.accepted else {
                        throw BenchError("tab \(tab.index) could not send: \(outcome.lastRefusal)")
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Runs the conversation until `stop()`: a message from each tab about every `messageInterval`, and an operator
    /// answer about every `operatorInterval`. Returns once every send started has its answer (or gave up).
    func run(messageInterval: Duration, operatorInterval: Duration) async {
        let seeds = tabs.map { _ in random.next() }
        await withTaskGroup(of: Void.self) { group in
            for (tab, seed) in zip(tabs, seeds) {
                group.addTask { await self.visitorLoop(tab, interval: messageInterval, seed: seed) }
            }
            group.addTask { await self.operatorLoop(interval: operatorInterval) }
        }
    }

    /// Ends the loops after their current step.
    func stop() { isStopping = true }

    private func visitorLoop(_ tab: FaultTab, interval: Duration, seed: UInt64) async {
        var random = SeededRandom(seed: seed)
        var number = 0
        while !isStopping {
            let outcome = await tab.send(
                "v\(tab.index).\(number)",
                clientID: "fault-\(tab.index)-\(number)",
                until: .now + .seconds(120)
            )
            refusals += outcome.refusals
            unanswered += outcome.unanswered
            if !outcome.accepted { failedSends += 1 }
            number += 1
            try? await Task.sleep(for: interval * Double.random(in: 0.5...1.5, using: &random))
        }
    }

    private func operatorLoop(interval: Duration) async {
        var answered = 0
        while !isStopping {
            await joinNewChats()
            // Sorted, so that the seed alone decides whom the operator answers.
            if let index = visitorIDs.keys.sorted().randomElement(using: &random), let visitor = visitorIDs[index] {
                let text = "o\(index).\(answered)"
                answered += 1
                if await console.post(visitor: visitor, "messages", ["text": text]) {
                    operatorAccepted[index, default: []].append(text)
                }
            }
            try? await Task.sleep(for: interval * Double.random(in: 0.5...1.5, using: &random))
        }
    }

    /// The operator writes `text` to tab `index`'s visitor through the console, joining their chat first if the
    /// conversation has not; true when answered 2xx (the reconciliation then looks for it in the tab's streams).
    func operatorWrites(_ text: String, toTab index: Int) async -> Bool {
        if visitorIDs[index] == nil { await joinNewChats() }
        guard let visitor = visitorIDs[index], await console.post(visitor: visitor, "messages", ["text": text]) else {
            return false
        }
        operatorAccepted[index, default: []].append(text)
        return true
    }

    /// What the operator wrote to tab `index` and the service answered 2xx for, in order.
    func operatorTexts(toTab index: Int) -> [String] { operatorAccepted[index] ?? [] }

    /// Finds the visitor of each tab whose first message has reached the service, and joins their chat.
    private func joinNewChats() async {
        guard visitorIDs.count < tabs.count, let stored = try? await console.storedTexts() else { return }
        for (visitor, texts) in stored {
            guard let first = texts.first(where: { $0.hasPrefix("v") && $0.hasSuffix(".0") }),
                let index = Int(first.dropFirst().dropLast(2)), visitorIDs[index] == nil
            else { continue }
            if await console.post(visitor: visitor, "join") { visitorIDs[index] = visitor }
        }
    }

    /// Waits (up to `timeout`) until the service holds every message answered 2xx and every tab has received every
    /// operator message answered 2xx, then counts what is missing, doubled or out of order.
    func reconcile(timeout: Duration) async throws -> Reconciliation {
        let deadline = ContinuousClock.now + timeout
        var accepted: [Int: [String]] = [:]
        var unordered: [Int: [String]] = [:]
        // What a server took and then lost with its outbox (killed) is sent again by the page, as the tab is reopened.
        for tab in tabs { await tab.resendUnconfirmed(until: deadline) }
        for tab in tabs {
            accepted[tab.index] = await tab.accepted
            unordered[tab.index] = await tab.acceptedUnordered
        }
        var stored: [String: [String]] = [:]
        while true {
            stored = (try? await console.storedTexts()) ?? stored
            let present = Set(stored.values.joined())
            let operatorArrived = await allOperatorMessagesArrived()
            let everySent =
                accepted.values.joined().allSatisfy(present.contains)
                && unordered.values.joined().allSatisfy(present.contains)
            if (everySent && operatorArrived)
                || ContinuousClock.now >= deadline
            {
                break
            }
            try await Task.sleep(for: .milliseconds(250))
        }
        var result = Reconciliation(refusals: refusals, unanswered: unanswered, failedSends: failedSends)
        var storedByTab: [Int: [String]] = [:]
        for texts in stored.values {
            for text in texts where text.hasPrefix("v") {
                guard let index = text.dropFirst().split(separator: ".").first.flatMap({ Int($0) }) else { continue }
                storedByTab[index, default: []].append(text)
            }
        }
        for tab in tabs {
            let sent = accepted[tab.index] ?? []
            let sentBeside = unordered[tab.index] ?? []
            let kept = storedByTab[tab.index] ?? []
            result.visitorMessages += sent.count + sentBeside.count
            let counts = Dictionary(kept.map { ($0, 1) }, uniquingKeysWith: +)
            result.lost += (sent + sentBeside).filter { counts[$0] == nil }.count
            result.duplicated += counts.values.reduce(0) { $0 + max(0, $1 - 1) }
            // In the service's order, each tab's messages come as the tab sent them.
            let order = Dictionary(uniqueKeysWithValues: sent.enumerated().map { ($1, $0) })
            let positions = kept.compactMap { order[$0] }
            result.outOfOrder += zip(positions, positions.dropFirst()).filter { $0 >= $1 }.count
            let ledger = await tab.ledger
            let operatorTexts = operatorAccepted[tab.index] ?? []
            result.operatorMessages += operatorTexts.count
            result.lost += operatorTexts.filter { !ledger.texts.contains($0) }.count
            result.duplicated += ledger.duplicates
            result.gaps += ledger.gaps + ledger.repeats
            result.freshSnapshots += ledger.freshSnapshots
            result.events += ledger.events
            result.lostTabs += await tab.lostTabs
        }
        return result
    }

    private func allOperatorMessagesArrived() async -> Bool {
        for tab in tabs {
            let texts = await tab.ledger.texts
            guard (operatorAccepted[tab.index] ?? []).allSatisfy(texts.contains) else { return false }
        }
        return true
    }
}

extension Conversation {
    /// Opens `load.tabs` tabs at `baseURL`, runs the conversation while `inject` runs (from the moment the conversation
    /// started) and for the rest of `load.duration`, then lets it finish and reconciles; also what `inject` returned.
    static func converse<Injected: Sendable>(
        baseURL: String,
        http: BenchHTTP,
        console: ConsoleDriver,
        load: FaultLoad,
        seed: UInt64,
        inject: ([FaultTab], ContinuousClock.Instant) async throws -> Injected
    ) async throws -> (figures: Reconciliation, injected: Injected) {
        let tabs = try await openTabs(count: load.tabs, http: http, baseURL: baseURL)
        let conversation = Conversation(tabs: tabs, console: console, seed: seed)
        let talking = Task {
            await conversation.run(messageInterval: load.messageInterval, operatorInterval: load.operatorInterval)
        }
        let started = ContinuousClock.now
        let injected: Injected
        do {
            injected = try await inject(tabs, started)
            try await ContinuousClock().sleep(until: started + load.duration)
        } catch {
            await conversation.stop()
            await talking.value
            throw error
        }
        await conversation.stop()
        await talking.value
        let figures = try await conversation.reconcile(timeout: .seconds(120))
        for tab in tabs { await tab.stopReading() }
        return (figures, injected)
    }
}
