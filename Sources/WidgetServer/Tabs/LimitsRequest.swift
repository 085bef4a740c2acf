import Synchronization
import WebimClientLibrary

/// One `getServerSideSettings` call: stores the upload limits it answers and hands them to one waiter.
final class LimitsRequest: ServerSideSettingsCompletionHandler, Sendable {
    private enum State {
        case waiting(CheckedContinuation<UploadLimits, Never>?)
        case done(UploadLimits)
    }

    private let events: TabEventLog
    private let state = Mutex(State.waiting(nil))

    init(events: TabEventLog) { self.events = events }

    func onSuccess(webimServerSideSettings settings: WebimServerSideSettings) {
        let limits = UploadLimits(
            maxFileSize: settings.maxVisitorUploadFileSizeMB * 1024 * 1024,
            allowedTypes: settings.allowedUploadFileTypes,
            uploadsAllowed: settings.visitorUploadFile,
            stickers: StickerSet.allowed(accountConfigJSON: settings.accountConfigJSON)
        )
        events.limits = limits
        finish(limits)
    }

    func onFailure() { finish(events.limits) }

    /// The answer, or the last known limits when the service does not answer within `timeout`.
    func result(timeout: Duration) async -> UploadLimits {
        await withTaskGroup(of: UploadLimits.self) { group in
            group.addTask {
                await withCheckedContinuation { continuation in
                    let ready: UploadLimits? = self.state.withLock { state in
                        if case .done(let limits) = state { return limits }
                        state = .waiting(continuation)
                        return nil
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                self.finish(self.events.limits)
                return self.events.limits
            }
            let first = await group.next() ?? events.limits
            group.cancelAll()
            return first
        }
    }

    private func finish(_ limits: UploadLimits) {
        let waiter = state.withLock { state -> CheckedContinuation<UploadLimits, Never>? in
            guard case .waiting(let continuation) = state else { return nil }
            state = .done(limits)
            return continuation
        }
        waiter?.resume(returning: limits)
    }
}
