/// When the visitor's typing is reported (PROTOCOL.md §2.1): at most one report a second while the draft changes,
/// and `typing=0` five seconds after the last change. A value the session feeds with draft changes and due timers,
/// and whose actions it performs; times are the session's `elapsed`, so tests drive it without a clock.
struct TypingThrottle: Sendable, Equatable {
    /// The shortest time between two reports while the visitor types.
    static let interval = Duration.seconds(1)
    /// How long after the last change the visitor counts as no longer typing.
    static let quietTime = Duration.seconds(5)

    /// What the session does next.
    enum Action: Sendable, Equatable {
        /// Queue a typing report (`draft == nil` deletes the draft).
        case report(isTyping: Bool, draft: String?)
        /// Call `flushDue(at:)` after this long.
        case scheduleFlush(after: Duration)
        /// Call `quietTimeDue(change:at:)` with this change number after this long.
        case scheduleQuietCheck(change: Int, after: Duration)
    }

    private var latestDraft: String?
    private var lastReport: Duration?
    private var isFlushScheduled = false
    /// Counts draft changes, so that a quiet-time check knows whether another change came after its own.
    private var changes = 0

    /// The visitor's draft changed (nil: the draft was cleared or sent).
    mutating func draftChanged(to draft: String?, at now: Duration) -> [Action] {
        latestDraft = draft
        changes += 1
        guard let draft else { return [report(isTyping: false, draft: nil, at: now)] }
        var actions: [Action] = []
        if let lastReport, now - lastReport < Self.interval {
            if !isFlushScheduled {
                isFlushScheduled = true
                actions.append(.scheduleFlush(after: Self.interval - (now - lastReport)))
            }
        } else {
            actions.append(report(isTyping: true, draft: draft, at: now))
        }
        actions.append(.scheduleQuietCheck(change: changes, after: Self.quietTime))
        return actions
    }

    /// The flush scheduled by a change inside the interval is due: report the newest draft, if any.
    mutating func flushDue(at now: Duration) -> Action? {
        isFlushScheduled = false
        guard let latestDraft else { return nil }
        return report(isTyping: true, draft: latestDraft, at: now)
    }

    /// A quiet-time check is due: when no change came after `change`, the visitor stopped typing.
    mutating func quietTimeDue(change: Int, at now: Duration) -> Action? {
        guard change == changes, let latestDraft else { return nil }
        return report(isTyping: false, draft: latestDraft, at: now)
    }

    private mutating func report(isTyping: Bool, draft: String?, at now: Duration) -> Action {
        lastReport = now
        return .report(isTyping: isTyping, draft: draft)
    }
}
