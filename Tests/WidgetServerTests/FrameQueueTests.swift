import Synchronization
import Testing

@testable import WidgetServer

/// One stream's queue of frames: what waits is read in one go, bounded, and ended either way (the page leaving, or
/// the writer's task cancelled) exactly once.
@Suite struct FrameQueueTests {
    private static func frame(_ id: Int) -> EventFrame {
        EventFrame(ServerSentEvent(id: id, event: "typing", data: "{}"))
    }

    @Test func whatWaitsIsReadInOneGoInOrder() async {
        let queue = FrameQueue(capacity: 8)
        for id in 1...3 { #expect(queue.yield(Self.frame(id)) == .enqueued) }
        let first = await queue.next()
        #expect(first?.map(\.id) == [1, 2, 3])
        queue.yield(Self.frame(4))
        let second = await queue.next()
        #expect(second?.map(\.id) == [4])
    }

    @Test func aWaitingReaderIsWokenByTheNextFrame() async {
        let queue = FrameQueue(capacity: 8)
        async let read = queue.next()
        // Whether the reader is already waiting or not, it gets the frame.
        queue.yield(Self.frame(7))
        #expect(await read?.map(\.id) == [7])
    }

    @Test func aFullQueueRefusesTheFrameAndKeepsWhatItHas() async {
        let queue = FrameQueue(capacity: 2)
        #expect(queue.yield(Self.frame(1)) == .enqueued)
        #expect(queue.yield(Self.frame(2)) == .enqueued)
        #expect(queue.yield(Self.frame(3)) == .dropped)
        let read = await queue.next()
        #expect(read?.map(\.id) == [1, 2])
    }

    @Test func finishingLetsTheReaderReadWhatWaitsThenEnds() async {
        let queue = FrameQueue(capacity: 8)
        let finishes = Mutex(0)
        queue.onFinish { finishes.withLock { $0 += 1 } }
        queue.yield(Self.frame(1))
        queue.finish()
        queue.finish()
        #expect(queue.yield(Self.frame(2)) == .finished)
        let last = await queue.next()
        #expect(last?.map(\.id) == [1])
        #expect(await queue.next() == nil)
        #expect(finishes.withLock { $0 } == 1)
    }

    @Test func cancellingTheReaderEndsTheQueue() async {
        let queue = FrameQueue(capacity: 8)
        let (finished, finishing) = AsyncStream.makeStream(of: Void.self)
        queue.onFinish { finishing.yield() }
        let reader = Task { await queue.next() }
        reader.cancel()
        #expect(await reader.value == nil)
        var events = finished.makeAsyncIterator()
        #expect(await events.next() != nil)
        #expect(queue.yield(Self.frame(1)) == .finished)
    }
}
