import DequeModule
import Dispatch
import Foundation
import NIOCore
import Synchronization
import WebimClientLibrary
import WebimWire

/// One event as a stream writes it, framed once: the replay ring and every stream of the tab share its bytes.
struct EventFrame: Sendable {
    /// The event's cursor; nil for the keep-alive comment.
    let id: Int?
    /// The event's name; nil for the keep-alive comment.
    let event: String?
    let bytes: ByteBuffer
    /// When it was published (`DispatchTime`'s nanoseconds), for the delivery latency `/metrics` reports.
    let publishedAt: UInt64

    init(_ event: ServerSentEvent) {
        id = event.id
        self.event = event.event
        bytes = event.bytes
        publishedAt = DispatchTime.now().uptimeNanoseconds
    }

    static let ping = EventFrame(.ping)
}

/// A tab's event stream: numbers each event, keeps the page's projection and a bounded replay buffer,
/// and fans events out to the tab's connected streams.
final class TabEventLog: Sendable {
    /// How many past events a reconnecting page can resume from; older cursors get a fresh snapshot.
    static let replayCapacity = 512

    private struct State {
        var lastID: Int
        /// A deque: once full, each event drops the oldest, which in an array moved all the others.
        var replay: Deque<EventFrame> = []
        var projection = TabProjection()
        /// Oldest first; at most `maximumSubscribers`, so an array, handed out of the lock without a copy.
        var subscribers: [(id: Int, queue: FrameQueue)] = []
        var nextSubscriberID = 0
        var isEnded = false
        var lastActive = ContinuousClock.now
        /// The page closed the tab for good while a message was still on its way.
        var isLeftByPage = false
        /// `departed` was called for this leaving.
        var hasDeparted = false

        var isLeftAndDelivered: Bool { isLeftByPage && !projection.hasUnsentMessages }

        /// Whether the page has left and the last message is now delivered, the first time it is so.
        mutating func departsNow() -> Bool {
            guard isLeftAndDelivered, !hasDeparted else { return false }
            hasDeparted = true
            return true
        }
    }

    /// How many events a slow reader may fall behind before its stream is closed.
    let subscriberBuffer: Int
    /// How many streams may be open at once; a new one closes the oldest (a reloaded page's old connection, or a
    /// script opening streams without end, which would have every event written that many times).
    let maximumSubscribers: Int

    private let state: Mutex<State>
    /// Held while a frame is numbered and yielded (see `publish`).
    private let delivery = Mutex(())
    /// Called once when the page has left the tab (`markLeftByPage`) and nothing of its outbox is unsent any more:
    /// nothing keeps the tab open from then on.
    private let departed: @Sendable () -> Void
    /// Where action results and cut-off streams are counted; nil counts nothing.
    private let metrics: WidgetMetrics?

    /// `firstEventID` is the id before the first event's.
    init(
        subscriberBuffer: Int = 1024,
        maximumSubscribers: Int = 2,
        firstEventID: Int = TabEventLog.makeFirstEventID(),
        metrics: WidgetMetrics? = nil,
        departed: @escaping @Sendable () -> Void = {}
    ) {
        self.subscriberBuffer = max(1, subscriberBuffer)
        self.maximumSubscribers = max(1, maximumSubscribers)
        self.metrics = metrics
        self.departed = departed
        state = Mutex(State(lastID: firstEventID))
    }

    /// Event ids start from the time the log is made, in microseconds: a tab opened again after a restart numbers
    /// its events above every id its previous process gave (no tab publishes a million events a second), so a page
    /// resuming with an old cursor gets a snapshot, never the new process's events under ids it thinks it has.
    /// About 1.8 × 10¹⁵ in 2026: JavaScript reads ids exactly up to 2⁵³ ≈ 9 × 10¹⁵, past the year 2255.
    static func makeFirstEventID() -> Int { Int(Date().timeIntervalSince1970 * 1_000_000) }

    /// Numbers the event, applies it to the projection, and sends it to every connected stream.
    func publish(_ event: TabEvent) {
        guard let data = try? event.json() else { return }
        if let metrics, case .result(let result) = event { metrics.count(result) }
        // Yielding wakes the reader's task, which needs that task's status lock; a reader being cancelled
        // holds that lock while its queue's finish handler takes `state`. So frames are yielded outside
        // `state`, and `delivery` keeps them in order when two publishers race.
        var departs = false
        defer { if departs { departed() } }
        delivery.withLock { _ in
            let numbered = state.withLock { state -> (EventFrame, [(id: Int, queue: FrameQueue)])? in
                guard !state.isEnded else { return nil }
                state.lastID += 1
                let frame = EventFrame(ServerSentEvent(id: state.lastID, event: event.name.rawValue, data: data))
                state.projection.apply(event)
                departs = state.departsNow()
                state.replay.append(frame)
                if state.replay.count > Self.replayCapacity { state.replay.removeFirst() }
                return (frame, state.subscribers)
            }
            guard let (frame, subscribers) = numbered else { return }
            // A reader this far behind is cut off; its page resumes by cursor.
            var dropped: [(id: Int, queue: FrameQueue)] = []
            for subscriber in subscribers {
                if case .dropped = subscriber.queue.yield(frame) { dropped.append(subscriber) }
            }
            guard !dropped.isEmpty else { return }
            for _ in dropped { metrics?.streamOverflowed() }
            state.withLock { state in
                state.subscribers.removeAll { subscriber in dropped.contains { $0.id == subscriber.id } }
            }
            // Finishing runs the queue's finish handler, which takes `state`.
            for subscriber in dropped { subscriber.queue.finish() }
        }
    }

    /// A connected stream: the events a page must see first, then the live ones.
    struct Subscription: Sendable {
        let initial: [EventFrame]
        fileprivate let queue: FrameQueue

        /// The live frames that wait, after waiting for one; nil once the stream has ended.
        func next() async -> [EventFrame]? { await queue.next() }

        /// Ends the stream: the page closed its connection.
        func end() { queue.finish() }
    }

    /// Subscribes a stream; nil once the tab has ended.
    ///
    /// With a cursor the replay buffer still covers, the page gets only what it missed; otherwise a
    /// `snapshot` carrying the id of the last event it includes.
    func subscribe(after cursor: Int?) -> Subscription? {
        let queue = FrameQueue(capacity: subscriberBuffer)
        var displaced: [FrameQueue] = []
        // Finishing a displaced stream runs its queue's finish handler, which takes `state`: so after the lock.
        defer { for subscriber in displaced { subscriber.finish() } }
        return state.withLock { state -> Subscription? in
            guard !state.isEnded else { return nil }
            while state.subscribers.count >= maximumSubscribers {
                displaced.append(state.subscribers.removeFirst().queue)
            }
            let initial: [EventFrame]
            let oldestReplayable = (state.replay.first?.id ?? state.lastID + 1) - 1
            if let cursor, cursor <= state.lastID, cursor >= oldestReplayable {
                initial = state.replay.filter { ($0.id ?? 0) > cursor }
            } else {
                let snapshot = try? JSONTextEncoder.encode(state.projection.snapshot)
                initial = [
                    EventFrame(
                        ServerSentEvent(id: state.lastID, event: EventName.snapshot.rawValue, data: snapshot ?? "{}")
                    )
                ]
            }
            let id = state.nextSubscriberID
            state.nextSubscriberID += 1
            state.subscribers.append((id, queue))
            state.lastActive = .now
            queue.onFinish { [weak self] in self?.unsubscribe(id) }
            return Subscription(initial: initial, queue: queue)
        }
    }

    /// What a stream opened now would start with when it has no cursor: the snapshot, and the id of the last event
    /// it includes. A browser tab that follows another's stream of the same tab reads it instead of opening its own
    /// (the page's tab sync); nil once the tab has ended.
    func currentSnapshot() -> (lastEventID: Int, snapshot: TabProjection.Snapshot)? {
        state.withLock { state in
            guard !state.isEnded else { return nil }
            state.lastActive = .now
            return (state.lastID, state.projection.snapshot)
        }
    }

    /// Ends every stream; later subscriptions are refused.
    func end() {
        let subscribers = state.withLock { state in
            state.isEnded = true
            defer { state.subscribers = [] }
            return state.subscribers.map(\.queue)
        }
        for subscriber in subscribers { subscriber.finish() }
    }

    /// Sends `farewell` down every open stream and ends them, as a drain does (`ServerDrain`); returns how many. The
    /// tab stays open: its page may open a stream again. Under `delivery`, so that no event follows the farewell.
    @discardableResult
    func dismissStreams(with farewell: EventFrame) -> Int {
        delivery.withLock { _ in
            let subscribers = state.withLock { state in
                defer { state.subscribers = [] }
                // As a closed stream does: the reaper counts the tab's idle time from now.
                state.lastActive = .now
                return state.subscribers.map(\.queue)
            }
            // Finishing runs the queue's finish handler, which takes `state`: so after the lock.
            for subscriber in subscribers {
                subscriber.yield(farewell)
                subscriber.finish()
            }
            return subscribers.count
        }
    }

    /// Sends a keep-alive comment down every open stream of the tab. Into each stream's own queue, as events go:
    /// the writer reads one stream, and handing events through a second one, to merge in the pings, cost every event
    /// another task switch.
    func pingStreams() {
        let subscribers = state.withLock { $0.subscribers }
        for subscriber in subscribers { subscriber.queue.yield(EventFrame.ping) }
    }

    /// Records that the page used the tab (an API call), which keeps the reaper away.
    func touch() { state.withLock { $0.lastActive = .now } }

    /// The survey's open question, as the page last heard it.
    var survey: WidgetSurvey? { state.withLock { $0.projection.survey } }
    /// Whether the location offers hint questions, as the page was last told.
    var hintsEnabled: Bool { state.withLock { $0.projection.hintsEnabled } }

    /// Whether the tab's outbox still holds a message the service has not confirmed.
    var hasUnsentMessages: Bool { state.withLock { $0.projection.hasUnsentMessages } }

    /// How many streams are reading this tab now.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Whether no stream is open and the page has not used the tab for `timeout`, or the page has left it.
    func isIdle(for timeout: Duration, now: ContinuousClock.Instant = .now) -> Bool {
        state.withLock { state in
            state.isLeftByPage || (state.subscribers.isEmpty && now - state.lastActive >= timeout)
        }
    }

    /// Records that the page closed the tab for good; it stays only to deliver what its outbox holds.
    func markLeftByPage() {
        let departs = state.withLock { state in
            state.isLeftByPage = true
            return state.departsNow()
        }
        if departs { departed() }
    }

    /// Records that a page uses the tab again (it came back to a tab left to deliver its outbox).
    func markReturned() {
        state.withLock { state in
            state.isLeftByPage = false
            state.hasDeparted = false
        }
    }

    /// Whether the page has left the tab and its outbox is delivered.
    var isLeftAndDelivered: Bool { state.withLock { $0.isLeftAndDelivered } }

    /// The projection's newest `limit` messages before `id` (see `TabMessages.page(before:limit:)`).
    func messages(before id: String?, limit: Int) -> (messages: [WidgetMessage], countBefore: Int)? {
        state.withLock { $0.projection.messages.page(before: id, limit: limit) }
    }

    /// Prepends an older history page the page read through the history route (no event: the page has it).
    func prependHistory(_ older: [ShownMessage], hasMore: Bool) {
        state.withLock { state in
            state.projection.messages.prepend(older)
            state.projection.hasMoreHistory = hasMore
        }
    }

    /// Whether older history may exist beyond the projection's messages.
    var hasMoreHistory: Bool {
        get { state.withLock { $0.projection.hasMoreHistory } }
        set { state.withLock { $0.projection.hasMoreHistory = newValue } }
    }

    /// The upload limits, from the service's settings.
    var limits: UploadLimits {
        get { state.withLock { $0.projection.limits } }
        set { state.withLock { $0.projection.limits = newValue } }
    }

    /// The page's id of a message, kept across its changes.
    func clientID(ofMessage id: String) -> String? {
        state.withLock { state in state.projection.messages.message(id: id)?.widget.clientId.value }
    }

    /// The core's message the tab has shown under this id, for an action to name.
    func coreMessage(id: String) -> (any Message)? {
        state.withLock { state in state.projection.messages.message(id: id)?.core }
    }

    /// A file the tab has shown, even in a message since removed.
    func file(guid: String) -> (any FileInfo)? { state.withLock { $0.projection.messages.file(guid: guid) } }

    private func unsubscribe(_ id: Int) {
        state.withLock { state in
            guard let index = state.subscribers.firstIndex(where: { $0.id == id }) else { return }
            state.subscribers.remove(at: index)
            state.lastActive = .now
        }
    }
}
