import MarketDomain
import Synchronization
import TestSupport
import Testing

@Suite struct LiveFeedEventsTests {
    private static func tick(_ price: Double, at timestamp: Int64 = 1) -> LiveFeedEvent {
        .ticker(MarketFixtures.ticker(MarketFixtures.bitcoin, price: price, timestamp: timestamp))
    }

    @Test func whatArrivesWhileTheReaderIsAwayComesAsOneBatchInOrder() async {
        let (events, continuation) = LiveFeedEvents.makeStream()
        let posted = [.connection(.live)] + (1...500).map { Self.tick(Double($0)) } + [.connection(.stale)]
        for event in posted { continuation.post(event) }
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == posted)
        continuation.post(Self.tick(501))
        #expect(await iterator.next() == [Self.tick(501)])
    }

    @Test func aReaderWaitingForEventsIsWokenAndGetsEveryOneOfThem() async throws {
        let (events, continuation) = LiveFeedEvents.makeStream()
        let reader = Task {
            var received: [LiveFeedEvent] = []
            for await batch in events {
                #expect(!batch.isEmpty)
                received += batch
            }
            return received
        }
        let posted = (1...10_000).map { Self.tick(Double($0)) }
        for (index, event) in posted.enumerated() {
            continuation.post(event)
            if index % 1000 == 0 { await Task.yield() }
        }
        continuation.finish()
        let received = try await withDeadline(seconds: 30, "every event") { await reader.value }
        #expect(received == posted)
    }

    @Test func finishingDeliversWhatIsPendingThenEnds() async {
        let events = LiveFeedEvents.finished(with: [.connection(.connecting), Self.tick(1)])
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == [.connection(.connecting), Self.tick(1)])
        #expect(await iterator.next() == nil)
    }

    @Test func aReaderFarBehindLosesOlderTicksButNeverAConnectionChange() async {
        let (events, continuation) = LiveFeedEvents.makeStream(capacity: 8)
        continuation.post(.connection(.live))
        for price in 1...20 { continuation.post(Self.tick(Double(price))) }
        continuation.post(.connection(.stale))
        var iterator = events.makeAsyncIterator()
        let batch = await iterator.next() ?? []
        #expect(batch.count <= 9)
        #expect(batch.first == .connection(.live))
        #expect(batch.last == .connection(.stale))
        // The newest ticks are the ones kept, in order.
        let prices = batch.compactMap { if case .ticker(let ticker) = $0 { ticker.price } else { nil } }
        #expect(prices.last == 20)
        #expect(prices == prices.sorted())
    }

    @Test func theFeedLearnsWhenItsReaderGoesAway() async throws {
        let (events, continuation) = LiveFeedEvents.makeStream()
        let terminated = Mutex(false)
        continuation.whenTerminated { terminated.withLock { $0 = true } }
        let reader = Task {
            for await _ in events {}
        }
        continuation.post(Self.tick(1))
        reader.cancel()
        await reader.value
        try await withDeadline(seconds: 30, "the termination") {
            while !terminated.withLock({ $0 }) { await Task.yield() }
        }
    }
}
