import Synchronization

/// A live feed's events in arrival order, handed to their one reader in batches: everything
/// that arrived while the reader was busy comes as one array.
///
/// Posting an event costs a lock and an append; the reader is woken only when the pending
/// batch goes from empty to non-empty. So at a few ticks a second every batch holds one event,
/// and under a firehose one wake-up carries hundreds, where a stream of single events would
/// switch tasks once per tick.
public struct LiveFeedEvents: AsyncSequence, Sendable {
    public typealias Element = [LiveFeedEvent]
    public typealias Failure = Never

    /// The events waiting for the reader. Behind a lock: the feed posts while the reader takes.
    final class Pending: Sendable {
        private let events = Mutex<[LiveFeedEvent]>([])
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
        }

        /// Appends an event; true when the batch was empty before (the reader needs waking).
        func append(_ event: LiveFeedEvent) -> Bool {
            events.withLock { events in
                let wasEmpty = events.isEmpty
                if events.count >= capacity { Self.dropOlderTicks(from: &events) }
                events.append(event)
                return wasEmpty
            }
        }

        /// Takes every pending event.
        func take() -> [LiveFeedEvent] {
            events.withLock { events in
                guard !events.isEmpty else { return [] }
                var taken: [LiveFeedEvent] = []
                taken.reserveCapacity(events.count)
                swap(&taken, &events)
                return taken
            }
        }

        /// Drops the ticks of the older half of a full batch; a later tick of the same market
        /// supersedes them on a board. Connection states, snapshots and skips are kept.
        private static func dropOlderTicks(from events: inout [LiveFeedEvent]) {
            let half = events.count / 2
            let kept = events[..<half].filter { if case .ticker = $0 { false } else { true } }
            events.replaceSubrange(..<half, with: kept)
        }
    }

    /// The feed's side: posts events and finishes.
    public struct Continuation: Sendable {
        let pending: Pending
        let wake: AsyncStream<Void>.Continuation

        /// Posts one event for the reader.
        public func post(_ event: LiveFeedEvent) {
            if pending.append(event) { wake.yield() }
        }

        /// Ends the sequence once the reader has taken what is pending.
        public func finish() {
            wake.finish()
        }

        /// Runs `action` once when the reader stops reading (or the sequence finishes), so the
        /// feed can stop with it.
        public func whenTerminated(_ action: @escaping @Sendable () -> Void) {
            wake.onTermination = { _ in action() }
        }
    }

    private let pending: Pending
    private let wakes: AsyncStream<Void>

    /// A sequence and the continuation that feeds it. Past `capacity` pending events (a reader
    /// far behind its feed), the older ticks of the batch are dropped.
    public static func makeStream(capacity: Int = 65_536) -> (events: LiveFeedEvents, continuation: Continuation) {
        let pending = Pending(capacity: Swift.max(2, capacity))
        let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        return (LiveFeedEvents(pending: pending, wakes: wakes), Continuation(pending: pending, wake: wake))
    }

    private init(pending: Pending, wakes: AsyncStream<Void>) {
        self.pending = pending
        self.wakes = wakes
    }

    /// Reads batches.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pending: pending, wakes: wakes.makeAsyncIterator())
    }

    /// Reads batches: the next non-empty batch, waiting for one when none is pending; `nil`
    /// once the feed has finished and everything was taken.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let pending: Pending
        var wakes: AsyncStream<Void>.Iterator

        /// The next batch, on the caller's actor (no hop off it while waiting).
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> [LiveFeedEvent]? {
            while true {
                let batch = pending.take()
                if !batch.isEmpty { return batch }
                guard await wakes.next(isolation: actor) != nil else {
                    let rest = pending.take()
                    return rest.isEmpty ? nil : rest
                }
            }
        }

        /// The next batch.
        public mutating func next() async -> [LiveFeedEvent]? {
            await next(isolation: nil)
        }
    }
}

extension LiveFeedEvents {
    /// A sequence that delivers these events, in order, and then finishes (fakes and tests).
    public static func finished(with events: [LiveFeedEvent]) -> LiveFeedEvents {
        let (stream, continuation) = makeStream()
        for event in events { continuation.post(event) }
        continuation.finish()
        return stream
    }
}
