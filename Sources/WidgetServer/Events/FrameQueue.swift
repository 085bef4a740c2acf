import Synchronization

/// The frames waiting for one stream's writer. A publisher puts them in one at a time; the writer takes every one
/// that waits at once, and writes them together: an operator's message and the unread count it changes leave in
/// one write, and a reader that fell behind catches up in a few.
///
/// Bounded: a frame that finds `capacity` waiting is refused, and the log cuts that reader off (its page resumes
/// by cursor). One reader. What waits when the queue is finished is still read, then the reader gets nil.
final class FrameQueue: Sendable {
    enum Yield: Equatable {
        case enqueued
        /// The queue was full: the frame is not in it.
        case dropped
        case finished
    }

    private struct State {
        var frames: [EventFrame] = []
        var reader: CheckedContinuation<[EventFrame]?, Never>?
        var isFinished = false
        var onFinish: (@Sendable () -> Void)?

        mutating func takeFrames() -> [EventFrame] {
            defer { frames = [] }
            return frames
        }
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Called once, when the queue is finished (by `finish()`, or by the reader's task being cancelled). Never under
    /// the queue's lock, so it may take its owner's.
    func onFinish(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.onFinish = action }
    }

    /// Adds `frame` for the reader, waking it if it waits.
    @discardableResult
    func yield(_ frame: EventFrame) -> Yield {
        let (outcome, reader) = state.withLock { state -> (Yield, CheckedContinuation<[EventFrame]?, Never>?) in
            if state.isFinished { return (.finished, nil) }
            if state.frames.count >= capacity { return (.dropped, nil) }
            if let reader = state.reader {
                state.reader = nil
                return (.enqueued, reader)
            }
            state.frames.append(frame)
            return (.enqueued, nil)
        }
        reader?.resume(returning: [frame])
        return outcome
    }

    /// Every frame waiting, oldest first, after waiting for one if none does; nil once the queue is finished and
    /// read to its end, or when the reader's task is cancelled.
    func next() async -> [EventFrame]? {
        if let waiting = takeWaiting() { return waiting }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (reader: CheckedContinuation<[EventFrame]?, Never>) in
                let ready = state.withLock { state -> [EventFrame]?? in
                    if !state.frames.isEmpty { return .some(state.takeFrames()) }
                    if state.isFinished { return .some(nil) }
                    state.reader = reader
                    return nil
                }
                if let ready { reader.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }

    /// Ends the queue: later frames are refused, and a waiting reader gets nil.
    func finish() {
        typealias Ending = (reader: CheckedContinuation<[EventFrame]?, Never>?, onFinish: (@Sendable () -> Void)?)
        let (reader, onFinish) = state.withLock { state -> Ending in
            guard !state.isFinished else { return (nil, nil) }
            state.isFinished = true
            defer { (state.reader, state.onFinish) = (nil, nil) }
            return (state.reader, state.onFinish)
        }
        reader?.resume(returning: nil)
        onFinish?()
    }

    private func takeWaiting() -> [EventFrame]? {
        state.withLock { state in state.frames.isEmpty ? nil : state.takeFrames() }
    }
}
