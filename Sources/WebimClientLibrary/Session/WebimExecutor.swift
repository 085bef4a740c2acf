import Dispatch

/// The serial executor a session is confined to: the Linux stand-in for the thread an iOS session is built on.
///
/// Listeners and completion handlers run here, in order. An actor that owns a session (a widget tab) can
/// share it by returning `asUnownedSerialExecutor()` from its `unownedExecutor`, so its calls pass the
/// session's thread check.
public final class WebimExecutor: SerialExecutor {
    private let queue: DispatchQueue
    private let key = DispatchSpecificKey<ObjectIdentifier>()

    /// A new executor; `label` names its queue in debuggers and crash logs.
    public init(label: String = "webim.session") {
        // On the global queue's threads, which Dispatch bounds by the cores: a queue of its own is "overcommit",
        // and Dispatch then starts a thread whenever the others are busy. A thousand tabs under a burst of
        // operator messages ran on 190 threads that way, on 51 this way (`widget-bench fanout`).
        queue = DispatchQueue(label: label, target: .global(qos: .userInitiated))
        queue.setSpecific(key: key, value: ObjectIdentifier(self))
    }

    /// Whether the caller runs on this executor.
    public var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == ObjectIdentifier(self) }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    public func checkIsolated() {
        precondition(isCurrent, "called off the session's executor")
    }
}
