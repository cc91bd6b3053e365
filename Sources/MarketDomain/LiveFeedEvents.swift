import Synchronization

/// A live feed's events in arrival order, handed to their one reader in batches: everything
/// that arrived while the reader was busy comes as one array.
///
/// Posting an event costs a lock and an append; the reader is woken only when the pending
/// batch goes from empty to non-empty. So at a few ticks a second every batch holds one event,
/// and under a firehose one wake-up carries hundreds, where a stream of single events would
/// switch tasks once per tick.
///
/// A reader that looks only now and then (a board drawn ten times a second) turns the prompt
/// wake-ups off (``wakesPromptly(_:)``) and takes what is pending when it looks
/// (``takePending()``): then a tick costs the append alone, and the waiting reader is woken only
/// when ``lazyLimit`` events pile up.
public struct LiveFeedEvents: AsyncSequence, Sendable {
    public typealias Element = [LiveFeedEvent]
    public typealias Failure = Never

    /// The events waiting for the reader, and whether it wants a wake-up for the first of them.
    /// Behind a lock: the feed posts while the reader takes.
    final class Pending: Sendable {
        private struct State {
            var events: [LiveFeedEvent] = []
            var wakesPromptly = true
            /// Who waits for the next post (``LiveFeedEvents/nextPost()``), by number.
            var postWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
            var nextWaiter = 0
        }

        private let state = Mutex(State())
        let capacity: Int
        let wake: AsyncStream<Void>.Continuation

        init(capacity: Int, wake: AsyncStream<Void>.Continuation) {
            self.capacity = capacity
            self.wake = wake
        }

        /// Appends an event and wakes the reader when it asked for it: at the first pending
        /// event, or, while it takes events itself, when ``lazyLimit`` of them have piled up.
        func post(_ event: consuming LiveFeedEvent) {
            // Moved into the queue, not copied (a copy of a ticker event costs ~100 instructions).
            var moving = Optional(event)
            let (wakes, waiters) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                let wasEmpty = state.events.isEmpty
                if state.events.count >= capacity { Self.dropOlderTicks(from: &state.events) }
                state.events.append(moving.take()!)
                let wakes = state.wakesPromptly ? wasEmpty : state.events.count == LiveFeedEvents.lazyLimit
                guard !state.postWaiters.isEmpty else { return (wakes, []) }
                defer { state.postWaiters = [:] }
                return (wakes, Array(state.postWaiters.values))
            }
            if wakes { wake.yield() }
            for waiter in waiters { waiter.resume() }
        }

        /// Returns once an event is pending: at once when one is, else at the next post (or
        /// when the waiting task is cancelled).
        func nextPost() async {
            let number = state.withLock { state in
                state.nextWaiter += 1
                return state.nextWaiter
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                    let waits = state.withLock { state in
                        guard state.events.isEmpty, !Task.isCancelled else { return false }
                        state.postWaiters[number] = waiter
                        return true
                    }
                    if !waits { waiter.resume() }
                }
            } onCancel: {
                state.withLock { $0.postWaiters.removeValue(forKey: number) }?.resume()
            }
        }

        /// Takes every pending event.
        func take() -> [LiveFeedEvent] {
            state.withLock { state in
                guard !state.events.isEmpty else { return [] }
                var taken: [LiveFeedEvent] = []
                taken.reserveCapacity(state.events.count)
                swap(&taken, &state.events)
                return taken
            }
        }

        /// Turns the prompt wake-ups on or off; turned on with events pending, wakes the reader.
        func wakesPromptly(_ prompt: Bool) {
            let wakes = state.withLock { state in
                defer { state.wakesPromptly = prompt }
                return prompt && !state.wakesPromptly && !state.events.isEmpty
            }
            if wakes { wake.yield() }
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

        /// Posts one event for the reader.
        public func post(_ event: consuming LiveFeedEvent) {
            pending.post(event)
        }

        /// Ends the sequence once the reader has taken what is pending.
        public func finish() {
            pending.wake.finish()
        }

        /// Runs `action` once when the reader stops reading (or the sequence finishes), so the
        /// feed can stop with it.
        public func whenTerminated(_ action: @escaping @Sendable () -> Void) {
            pending.wake.onTermination = { _ in action() }
        }
    }

    /// How many pending events wake a reader that takes them itself (``wakesPromptly(_:)`` off):
    /// a few seconds of a busy feed, so its memory stays bounded when nobody looks.
    public static let lazyLimit = 4_096

    private let pending: Pending
    private let wakes: AsyncStream<Void>

    /// A sequence and the continuation that feeds it. Past `capacity` pending events (a reader
    /// far behind its feed), the older ticks of the batch are dropped.
    public static func makeStream(capacity: Int = 65_536) -> (events: LiveFeedEvents, continuation: Continuation) {
        let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let pending = Pending(capacity: Swift.max(2, capacity), wake: wake)
        return (LiveFeedEvents(pending: pending, wakes: wakes), Continuation(pending: pending))
    }

    /// Takes every event pending now, without waiting (for a reader that looks now and then).
    public func takePending() -> [LiveFeedEvent] {
        pending.take()
    }

    /// Returns once an event is pending (at once when one is), or when the task is cancelled:
    /// for a reader that takes events itself and, with nothing to show, waits for the next.
    public func nextPost() async {
        await pending.nextPost()
    }

    /// Whether the reader is woken at the first pending event (the default) or only when
    /// ``lazyLimit`` pile up, because it takes them itself when it looks (``takePending()``).
    /// Turned on with events pending, the reader is woken at once.
    public func wakesPromptly(_ prompt: Bool) {
        pending.wakesPromptly(prompt)
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
