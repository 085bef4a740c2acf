import Foundation
import Synchronization

/// A tab's event stream: numbers each event, keeps the page's projection and a bounded replay buffer,
/// and fans events out to the tab's connected streams.
final class TabEventLog: Sendable {
    /// How many past events a reconnecting page can resume from; older cursors get a fresh snapshot.
    static let replayCapacity = 512
    /// How many events a slow reader may fall behind before its stream is closed (it then resumes by cursor).
    static let subscriberBuffer = 1024

    private struct State {
        var lastID = 0
        var replay: [ServerSentEvent] = []
        var projection = TabProjection()
        var subscribers: [Int: AsyncStream<ServerSentEvent>.Continuation] = [:]
        var nextSubscriberID = 0
        var isEnded = false
    }

    private let state = Mutex(State())

    /// Numbers the event, applies it to the projection, and sends it to every connected stream.
    func publish(_ event: TabEvent) {
        let data: String
        do {
            data = try event.json(encoder: JSONEncoder())
        } catch {
            return
        }
        state.withLock { state in
            guard !state.isEnded else { return }
            state.lastID += 1
            let frame = ServerSentEvent(id: state.lastID, event: event.name, data: data)
            state.projection.apply(event)
            state.replay.append(frame)
            if state.replay.count > Self.replayCapacity {
                state.replay.removeFirst(state.replay.count - Self.replayCapacity)
            }
            for (id, subscriber) in state.subscribers {
                if case .dropped = subscriber.yield(frame) {
                    subscriber.finish()
                    state.subscribers[id] = nil
                }
            }
        }
    }

    /// The events a page must see first, then the live stream.
    ///
    /// With a cursor the replay buffer still covers, the page gets only what it missed; otherwise a
    /// `snapshot` carrying the id of the last event it includes.
    func subscribe(after cursor: Int?) -> (initial: [ServerSentEvent], live: AsyncStream<ServerSentEvent>)? {
        let (live, continuation) = AsyncStream.makeStream(
            of: ServerSentEvent.self,
            bufferingPolicy: .bufferingOldest(Self.subscriberBuffer)
        )
        return state.withLock { state -> ([ServerSentEvent], AsyncStream<ServerSentEvent>)? in
            guard !state.isEnded else { return nil }
            let initial: [ServerSentEvent]
            let oldestReplayable = (state.replay.first?.id ?? state.lastID + 1) - 1
            if let cursor, cursor <= state.lastID, cursor >= oldestReplayable {
                initial = state.replay.filter { ($0.id ?? 0) > cursor }
            } else {
                let snapshot = (try? JSONEncoder().encode(state.projection)).map { String(decoding: $0, as: UTF8.self) }
                initial = [ServerSentEvent(id: state.lastID, event: "snapshot", data: snapshot ?? "{}")]
            }
            let id = state.nextSubscriberID
            state.nextSubscriberID += 1
            state.subscribers[id] = continuation
            continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
            return (initial, live)
        }
    }

    /// Ends every stream; later subscriptions are refused.
    func end() {
        let subscribers = state.withLock { state in
            state.isEnded = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }

    /// The message the page's `clientId` became, if the projection knows it.
    func messageID(forClientID clientID: String) -> String? {
        state.withLock { state in state.projection.messages.first { $0.clientId == clientID }?.id }
    }

    /// The page's id of a message, kept across its changes.
    func clientID(ofMessage id: String) -> String? {
        state.withLock { state in state.projection.messages.first { $0.id == id }?.clientId }
    }

    private func unsubscribe(_ id: Int) {
        _ = state.withLock { state in state.subscribers.removeValue(forKey: id) }
    }
}
