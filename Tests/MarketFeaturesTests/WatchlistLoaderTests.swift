import Clocks
import Foundation
import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

/// The watchlist loader with a scripted source and a test clock: every assertion is on what the
/// source saw (when, how many at once) and on the events in order.
@MainActor
@Suite struct WatchlistLoaderTests {
    private static func stocks(_ count: Int) -> [Stock] {
        (0..<count).map {
            Stock(code: String(format: "%06d", $0 * 10), koreanName: "종목\($0)", englishName: "", market: .kospi)
        }
    }

    /// Runs the loader on the driver and collects its events until `done`, moving the test clock
    /// a tenth of a second at a time (at most a minute of it); the loader is cancelled after.
    @MainActor private func collect(
        _ loader: WatchlistLoader<TestClock<Duration>>, _ stocks: [Stock], driver: TaskDriver,
        until done: @escaping @Sendable ([WatchlistEvent]) -> Bool = { $0.last == .finished }
    ) async throws -> [WatchlistEvent] {
        let seen = Mutex<[WatchlistEvent]>([])
        let task = driver.start {
            await loader.run(stocks) { event in seen.withLock { $0.append(event) } }
            seen.withLock { $0.append(.finished) }
        }
        try await driver.advance(until: "the events wanted", limit: .seconds(60)) { done(seen.withLock { $0 }) }
        task.cancel()
        await driver.settle()
        return seen.withLock { $0 }
    }

    @Test func neverMoreThanNInFlightNorTheRateLimitInAnySecond() async throws {
        let driver = TaskDriver()
        let clock = driver.clock
        let source = ScriptedStockClient { driver.elapsed }
        let loader = WatchlistLoader(client: source.client, clock: clock, maxInFlight: 4, requestsPerSecond: 18)
        let events = try await collect(loader, Self.stocks(40), driver: driver)
        let loaded = events.compactMap {
            if case .loaded(let index, _, let closes) = $0 { (index, closes.count) } else { nil }
        }
        #expect(Set(loaded.map(\.0)) == Set(0..<40))
        #expect(loaded.allSatisfy { $0.1 == 30 })
        #expect(source.maxInFlight <= 4)
        let times = source.requests.map(\.at)
        // One request a stock: the quote and the closes come together.
        #expect(times.count == 40)
        #expect(source.requests.allSatisfy { $0.kind == .summary })
        for start in times {
            let inWindow = times.filter { $0 >= start && $0 < start + .seconds(1) }.count
            #expect(inWindow <= 18, "\(inWindow) requests in the second from \(start)")
        }
    }

    @Test func anAnswerCarryingAnEnglishNameIsReportedJustBeforeItsRow() async throws {
        let driver = TaskDriver()
        let source = ScriptedStockClient(source: .yahoo) { driver.elapsed }
        source.setSummaryName("000000", "Samsung Electronics")
        let loader = WatchlistLoader(client: source.client, clock: driver.clock, maxInFlight: 1, requestsPerSecond: 18)
        let events = try await collect(loader, Self.stocks(2), driver: driver)
        let kinds = events.map { event -> String in
            switch event {
            case .started(let index): "started \(index)"
            case .named(let index, let name): "named \(index) \(name)"
            case .loaded(let index, _, _): "loaded \(index)"
            case .failed(let index, _, _, _): "failed \(index)"
            case .finished: "finished"
            }
        }
        #expect(kinds == ["started 0", "named 0 Samsung Electronics", "loaded 0", "started 1", "loaded 1", "finished"])
    }

    @Test func answersArrivingOutOfOrderLandInTheirOwnRows() async throws {
        let driver = TaskDriver()
        let clock = driver.clock
        let source = ScriptedStockClient { driver.elapsed }
        let stocks = Self.stocks(3)
        source.hold(stocks[0].code)
        let loader = WatchlistLoader(client: source.client, clock: clock, maxInFlight: 4, requestsPerSecond: 18)
        let firstTwo = try await collect(loader, stocks, driver: driver) { events in
            events.filter { if case .loaded = $0 { true } else { false } }.count == 2
        }
        let order = firstTwo.compactMap {
            if case .loaded(let index, let quote, _) = $0 { (index, quote.code) } else { nil }
        }
        #expect(order.map(\.0).sorted() == [1, 2])
        #expect(order.allSatisfy { stocks[$0.0].code == $0.1 })
        source.release(stocks[0].code)
    }

    @Test func aFailingStockIsRetriedWithBackOffWhileTheOthersComplete() async throws {
        let driver = TaskDriver()
        let clock = driver.clock
        let source = ScriptedStockClient { driver.elapsed }
        let stocks = Self.stocks(5)
        source.fail(stocks[2].code, times: 2)
        let loader = WatchlistLoader(client: source.client, clock: clock, maxInFlight: 2, requestsPerSecond: 18)
        let events = try await collect(loader, stocks, driver: driver)
        let failures = events.compactMap {
            if case .failed(let index, _, let attempt, let retry) = $0 { (index, attempt, retry) } else { nil }
        }
        #expect(failures.map(\.0) == [2, 2])
        #expect(failures.map(\.1) == [1, 2])
        #expect(failures.allSatisfy { $0.2 != nil })
        // The others completed before the failing stock's last retry.
        let loadedOrder = events.compactMap { if case .loaded(let index, _, _) = $0 { index } else { nil } }
        #expect(Set(loadedOrder) == Set(0..<5))
        #expect(loadedOrder.last == 2)
        let quotesOfTwo = source.requests.filter { $0.code == stocks[2].code && $0.kind == .summary }.map(\.at)
        #expect(quotesOfTwo.count == 3)
        // Back-off: the second try at least half a second after the first (1 s with jitter), the third later still.
        #expect(quotesOfTwo[1] - quotesOfTwo[0] >= .milliseconds(500))
        #expect(quotesOfTwo[2] - quotesOfTwo[1] > quotesOfTwo[1] - quotesOfTwo[0])
    }

    @Test func aStockGivenUpIsReportedOnceAndTheListFinishes() async throws {
        let driver = TaskDriver()
        let clock = driver.clock
        let source = ScriptedStockClient { driver.elapsed }
        let stocks = Self.stocks(2)
        source.fail(stocks[0].code, times: 99)
        let loader = WatchlistLoader(
            client: source.client, clock: clock, maxInFlight: 4, requestsPerSecond: 18, maxAttempts: 2)
        let events = try await collect(loader, stocks, driver: driver)
        let failures = events.compactMap {
            if case .failed(_, _, let attempt, let retry) = $0 { (attempt, retry) } else { nil }
        }
        #expect(failures.count == 2)
        #expect(failures.last?.1 == nil)
        #expect(events.last == .finished)
    }

    @Test func nothingIsRequestedAfterCancellation() async throws {
        let driver = TaskDriver()
        let clock = driver.clock
        let source = ScriptedStockClient { driver.elapsed }
        let loader = WatchlistLoader(client: source.client, clock: clock, maxInFlight: 4, requestsPerSecond: 2)
        let loaded = Mutex(0)
        let task = driver.start {
            await loader.run(Self.stocks(20)) { event in
                if case .loaded = event { loaded.withLock { $0 += 1 } }
            }
        }
        try await driver.advance(until: "a first row") { loaded.withLock { $0 } > 0 }
        // Leaving the tab: everything pending is cancelled, and nothing more goes out.
        task.cancel()
        await driver.settle()
        let before = source.requests.count
        await driver.advance(by: .seconds(10))
        #expect(source.requests.count == before)
        #expect(before < 40)
    }
}
