import Foundation
import Synchronization

/// For the fault harness only (`webim-widget serve --crash-after-messages N`): the process kills itself with SIGKILL
/// right after the Nth new visitor message is committed to its tab's outbox and before the page gets its answer,
/// the narrowest window a crash can hit, which no outside timing can aim for.
final class CrashPoint: Sendable {
    private let remaining: Atomic<Int>

    /// Never fires when `messages` is nil.
    init(afterMessages messages: Int?) { remaining = Atomic(messages ?? Int.max) }

    /// Called once per new message on disk.
    func messageCommitted() {
        guard remaining.subtract(1, ordering: .relaxed).newValue == 0 else { return }
        kill(getpid(), SIGKILL)
    }
}
