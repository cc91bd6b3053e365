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

    /// The reader runs on a ``TaskDriver``: it takes what was posted each time the test lets it run,
    /// waits in between, and is woken by the next post.
    @MainActor @Test func aReaderWaitingForEventsIsWokenAndGetsEveryOneOfThem() async throws {
        let driver = TaskDriver()
        let (events, continuation) = LiveFeedEvents.makeStream()
        let received = OutputLog<[LiveFeedEvent]>()
        let finished = Mutex(false)
        driver.start { @MainActor in
            for await batch in events { received.append(batch) }
            finished.withLock { $0 = true }
        }
        await driver.settle()
        #expect(received.values.isEmpty)
        let posted = (1...10_000).map { Self.tick(Double($0)) }
        for round in 0..<10 {
            for event in posted[(round * 1000)..<((round + 1) * 1000)] { continuation.post(event) }
            await driver.settle()
            // Each wake takes everything posted since the last one, as one batch.
            #expect(received.values.count == round + 1)
            #expect(received.values.last == Array(posted[(round * 1000)..<((round + 1) * 1000)]))
        }
        continuation.finish()
        await driver.settle()
        #expect(finished.withLock { $0 })
        #expect(received.values.flatMap { $0 } == posted)
    }

    /// A reader that takes events itself when it looks (a board drawn ten times a second) is not
    /// woken per batch: only when ``LiveFeedEvents/lazyLimit`` events pile up, or at once when it
    /// asks for prompt wake-ups again with events pending.
    @MainActor @Test func aReaderThatTakesEventsItselfIsWokenOnlyWhenTheyPileUp() async throws {
        let driver = TaskDriver()
        let (events, continuation) = LiveFeedEvents.makeStream()
        events.wakesPromptly(false)
        let received = OutputLog<[LiveFeedEvent]>()
        driver.start { @MainActor in
            for await batch in events { received.append(batch) }
        }
        await driver.settle()
        let posted = (1...(2 * LiveFeedEvents.lazyLimit)).map { Self.tick(Double($0)) }
        for event in posted[..<100] { continuation.post(event) }
        await driver.settle()
        #expect(received.values.isEmpty)
        // The one who looks takes them, in order, without the waiting reader.
        #expect(events.takePending() == Array(posted[..<100]))
        #expect(events.takePending().isEmpty)

        for event in posted[100..<(100 + LiveFeedEvents.lazyLimit - 1)] { continuation.post(event) }
        await driver.settle()
        #expect(received.values.isEmpty)
        continuation.post(posted[100 + LiveFeedEvents.lazyLimit - 1])
        await driver.settle()
        #expect(received.values == [Array(posted[100..<(100 + LiveFeedEvents.lazyLimit)])])

        continuation.post(posted[100 + LiveFeedEvents.lazyLimit])
        await driver.settle()
        #expect(received.values.count == 1)
        events.wakesPromptly(true)
        await driver.settle()
        #expect(received.values.last == [posted[100 + LiveFeedEvents.lazyLimit]])
        continuation.post(posted[101 + LiveFeedEvents.lazyLimit])
        await driver.settle()
        #expect(received.values.last == [posted[101 + LiveFeedEvents.lazyLimit]])
        continuation.finish()
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

    @MainActor @Test func theFeedLearnsWhenItsReaderGoesAway() async throws {
        let driver = TaskDriver()
        let (events, continuation) = LiveFeedEvents.makeStream()
        let terminated = Mutex(false)
        continuation.whenTerminated { terminated.withLock { $0 = true } }
        let reader = driver.start {
            for await _ in events {}
        }
        continuation.post(Self.tick(1))
        await driver.settle()
        #expect(!terminated.withLock { $0 })
        reader.cancel()
        await driver.settle()
        #expect(terminated.withLock { $0 })
    }
}
