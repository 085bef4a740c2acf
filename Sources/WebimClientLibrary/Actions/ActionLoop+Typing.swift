import WebimWire

extension ActionLoop {
    /// `setVisitorTyping(draftMessage:)`: the throttle decides when a report goes (PROTOCOL.md §2.1).
    func setVisitorTyping(draft: String?, in session: isolated SessionCore) {
        for action in typing.draftChanged(to: draft, at: session.clock.elapsed) { perform(action, in: session) }
    }

    private func perform(_ action: TypingThrottle.Action, in session: isolated SessionCore) {
        switch action {
        case .report(let isTyping, let draft):
            guard !session.isDestroyed else { return }
            var fields = [
                (WireParameter.typing, isTyping ? "1" : "0"),
                (WireParameter.deleteDraft, draft == nil ? "1" : "0"),
            ]
            if let draft { fields.append((WireParameter.messageDraft, draft)) }
            var queued = QueuedAction(call: .action(.chatVisitorTyping, fields)) { _, _ in }
            queued.isTyping = true
            enqueue(queued, in: session)
        case .scheduleFlush(let wait):
            session.spawn { session in
                guard await session.clock.sleep(for: wait) else { return }
                session.actions.typingTimerFired(in: session) { $0.flushDue(at: $1) }
            }
        case .scheduleQuietCheck(let change, let wait):
            session.spawn { session in
                guard await session.clock.sleep(for: wait) else { return }
                session.actions.typingTimerFired(in: session) { $0.quietTimeDue(change: change, at: $1) }
            }
        }
    }

    private func typingTimerFired(
        in session: isolated SessionCore,
        _ event: (inout TypingThrottle, Duration) -> TypingThrottle.Action?
    ) {
        if let action = event(&typing, session.clock.elapsed) { perform(action, in: session) }
    }
}
