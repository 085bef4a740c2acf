import Foundation
import TestSupport

/// Pages in conversation that leave and come back (`ReturningVisitorsScenario`, and the cluster's): what the operator
/// wrote to each while it was away, how each return was answered, and the check of what each page shows once back.
actor ReturnVisits {
    typealias Moment = ReturningVisitorsScenario.Moment

    let tabs: [FaultTab]
    let conversation: Conversation
    let plans: [ReturningVisitorsScenario.Plan]
    /// What the operator wrote to each tab while its page was away, in order.
    private var away: [Int: [String]] = [:]
    /// How the returns were answered: "200", "201 resumed", "201 new visitor", by count.
    private var answers: [String: Int] = [:]
    /// Returns answered otherwise than the contract says for the moment they came at.
    private var unexpectedAnswers = 0

    init(tabs: [FaultTab], conversation: Conversation, plans: [ReturningVisitorsScenario.Plan]) {
        self.tabs = tabs
        self.conversation = conversation
        self.plans = plans
    }

    /// How many pages come back at `moment`.
    func count(of moment: Moment) -> Int { plans.filter { $0.moment == moment }.count }

    /// Two messages from every page and one from the operator to each, all delivered before anyone leaves.
    func converseBeforeLeaving() async throws {
        try await Conversation.sendFromEveryTab(tabs, number: 0, clientIDPrefix: "returning")
        // Every first message is stored: the operator can find each visitor's chat and join it.
        _ = try await conversation.reconcile(timeout: .seconds(60))
        for tab in tabs { try await operatorWrites("o\(tab.index).here", toTab: tab.index) }
        try await Conversation.sendFromEveryTab(tabs, number: 1, clientIDPrefix: "returning")
        _ = try await conversation.reconcile(timeout: .seconds(60))
    }

    /// The pages planned for `moments` leave again.
    func leave(_ moments: Moment...) async {
        for tab in tabs where moments.contains(plans[tab.index].moment) { await tab.leave() }
    }

    /// The operator writes message `o<tab>.<batch>` to each page that comes back at one of `moments` and is written
    /// to while away.
    func writeWhileAway(_ batch: String, to moments: [Moment]) async throws {
        for (index, plan) in plans.enumerated() where moments.contains(plan.moment) && plan.isWrittenToWhileAway {
            let text = "o\(index).\(batch)"
            try await operatorWrites(text, toTab: index)
            away[index, default: []].append(text)
        }
    }

    private func operatorWrites(_ text: String, toTab index: Int) async throws {
        guard await conversation.operatorWrites(text, toTab: index) else {
            throw BenchError("the console refused the operator's message to tab \(index)")
        }
    }

    /// The pages planned for `moments` come back (64 at a time), each at `place(tab)`, with its tab id, credential
    /// and its cursor or none. `expectingOpenTab`: the server there still holds the tab (200); false: it must open
    /// it and continue the visitor (201, resumed); nil: either (a balancer may pick either kind of server).
    func comeBack(
        _ moments: Moment...,
        expectingOpenTab: Bool?,
        at place: @escaping @Sendable (Int) -> String
    ) async throws {
        let cursors = plans.map(\.withCursor)
        let returning = tabs.filter { moments.contains(plans[$0.index].moment) }
        let opened = try await withThrowingTaskGroup(of: FaultTab.Opened.self) { group in
            var opened: [FaultTab.Opened] = []
            for (position, tab) in returning.enumerated() {
                if position >= 64, let next = try await group.next() { opened.append(next) }
                group.addTask {
                    try await tab.comeBack(withCursor: cursors[tab.index], at: place(tab.index))
                }
            }
            for try await next in group { opened.append(next) }
            return opened
        }
        for answer in opened {
            let name = answer.status == 200 ? "200" : "\(answer.status) \(answer.resumed ? "resumed" : "new visitor")"
            answers[name, default: 0] += 1
            let isOpen = answer.status == 200
            let isContinued = answer.status == 201 && answer.resumed
            let expected = expectingOpenTab.map { $0 ? isOpen : isContinued } ?? (isOpen || isContinued)
            if !expected { unexpectedAnswers += 1 }
        }
    }

    /// One more message from every page and from the operator to each, then the reconciliation, and the check of
    /// what each page shows: every message of its conversation once, each side's in the order written, and every
    /// message written while it was away.
    func finish(scenario: String, faults: String) async throws -> FaultReport {
        try await Conversation.sendFromEveryTab(tabs, number: 2, clientIDPrefix: "returning")
        for tab in tabs { try await operatorWrites("o\(tab.index).back", toTab: tab.index) }
        var figures = try await conversation.reconcile(timeout: .seconds(120))
        var expected: [Int: (visitor: [String], operator: [String])] = [:]
        for tab in tabs {
            expected[tab.index] = (await tab.accepted, await conversation.operatorTexts(toTab: tab.index))
        }
        let wanted = expected
        // The reconciliation waited for every message in the streams; the page's view follows the same events.
        _ = await eventually(within: .seconds(15), every: .milliseconds(100)) {
            for tab in self.tabs {
                let view = Set(await tab.ledger.viewTexts)
                guard let texts = wanted[tab.index], (texts.visitor + texts.operator).allSatisfy(view.contains) else {
                    return false
                }
            }
            return true
        }
        var view = ViewCheck()
        for tab in tabs {
            let texts = expected[tab.index] ?? ([], [])
            view.check(
                await tab.ledger.viewTexts,
                visitor: texts.visitor,
                operator: texts.operator,
                away: away[tab.index] ?? []
            )
        }
        for tab in tabs { await tab.stopReading() }
        figures.lost += view.missing
        figures.duplicated += view.doubled
        figures.outOfOrder += view.outOfOrder
        let awayCount = away.values.map(\.count).reduce(0, +)
        var report = FaultReport(
            scenario: scenario,
            faults: faults + "; \(awayCount) operator messages while away",
            tabs: tabs.count,
            reconciliation: figures
        )
        report.violations = unexpectedAnswers + figures.failedSends + figures.lostTabs
        let answered = answers.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        report.notes = [
            "returns answered \(answered) (\(unexpectedAnswers) not as the contract says)",
            "written while away and shown once back: \(awayCount - view.awayMissing) of \(awayCount)",
            "pages' views: \(view.missing) missing, \(view.doubled) doubled, \(view.outOfOrder) out of order",
            "sends refused or never answered: \(figures.failedSends)",
            "tabs that lost their visitor: \(figures.lostTabs)",
        ]
        return report
    }

    /// What the pages show once back, against what was written.
    private struct ViewCheck {
        var missing = 0
        var awayMissing = 0
        var doubled = 0
        var outOfOrder = 0

        mutating func check(_ view: [String], visitor: [String], operator: [String], away: [String]) {
            let counts = Dictionary(view.map { ($0, 1) }, uniquingKeysWith: +)
            for text in visitor + `operator` {
                let count = counts[text] ?? 0
                if count == 0 { missing += 1 }
                doubled += max(0, count - 1)
            }
            awayMissing += away.filter { counts[$0] == nil }.count
            // Each side's messages in the order written; the two sides interleave as the service ordered them.
            for side in [visitor, `operator`] {
                let positions = side.compactMap { view.firstIndex(of: $0) }
                outOfOrder += zip(positions, positions.dropFirst()).filter { $0 >= $1 }.count
            }
        }
    }
}
