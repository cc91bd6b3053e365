import Clocks
import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

/// The detail view's order book and trades (SPEC §1.13), driven by a scripted depth feed on a
/// test clock: the whole sequence of what it shows, flashes ending after 300 ms of the clock.
@MainActor
@Suite struct DetailDepthTests {
    private let bitcoin = MarketFixtures.bitcoin.id

    private func book(_ asks: [(Double, Double)], _ bids: [(Double, Double)], at time: Int64) -> OrderBook {
        OrderBook(
            market: bitcoin, timestamp: time, asks: asks.map { .init(price: $0.0, size: $0.1) },
            bids: bids.map { .init(price: $0.0, size: $0.1) })
    }

    private func trade(_ id: Int64, _ side: Trade.Side, size: Double) -> Trade {
        // 2026-03-11 14:40:58 UTC is 23:40:58 KST.
        Trade(market: bitcoin, price: 100_000_000, size: size, side: side, timestamp: 1_773_240_058_000 + id, id: id)
    }

    @Test func aTradeWorthFiveTimesTheTapesMedianStandsOutOnceTheTapeHasTen() {
        var depth = MarketDepth(market: bitcoin)
        depth.apply(.connection(.live))
        let usual = (1...9).map { trade(Int64($0), .buy, size: 0.01 * Double($0 % 3 + 1)) }
        depth.apply(.snapshot(book([(100_001_000, 2)], [(100_000_000, 1)], at: 1), usual))
        // Nine trades: too few to say what is usual.
        let few = DepthOutput(depth, previous: nil, flashing: false).trades
        #expect(few.count == 9 && few.allSatisfy { !$0.isLarge })
        depth.apply(.trades([trade(10, .sell, size: 0.15)]))
        depth.apply(.trades([trade(11, .buy, size: 0.02)]))
        let rows = DepthOutput(depth, previous: nil, flashing: false).trades
        // The median is 0.02 BTC: 0.15 BTC is over five times it, 0.02 is not.
        #expect(rows.map(\.isLarge) == [false, true] + Array(repeating: false, count: 9))
    }

    /// Issue 65, item 3: a frame in which one level's size changed flashes that level only.
    @Test func aFrameWhereOneLevelChangedFlashesThatLevelOnly() {
        let asks = (1...15).map { (100_000_000 + Double($0) * 1_000, Double($0)) }
        let bids = (0..<15).map { (100_000_000 - Double($0) * 1_000, Double($0) + 0.5) }
        var depth = MarketDepth(market: bitcoin)
        depth.apply(.connection(.live))
        depth.apply(.snapshot(book(asks, bids, at: 1), []))
        let before = depth.book
        var changed = asks
        changed[6].1 = 2.25
        depth.apply(.orderBook(book(changed, bids, at: 2)))
        let output = DepthOutput(depth, previous: before, flashing: true)
        let flashing = (output.asks + output.bids).filter { $0.flash != nil }
        #expect(flashing.map(\.price) == ["100,007,000"] && flashing.first?.flash == .fall)
        // A price the book moved through (the best ask become a bid) is new on its side: no flash.
        let through = book(Array(changed.dropFirst()), [(asks[0].0, 9)] + bids, at: 3)
        depth.apply(.orderBook(through))
        let moved = DepthOutput(depth, previous: book(changed, bids, at: 2), flashing: true)
        #expect((moved.asks + moved.bids).allSatisfy { $0.flash == nil })
        // The same frame again flashes nothing.
        #expect((DepthOutput(depth, previous: depth.book, flashing: true).asks).allSatisfy { $0.flash == nil })
    }

    @Test func aBookIsFormattedWithItsBarsSpreadTotalsAndImbalance() {
        var depth = MarketDepth(market: bitcoin)
        depth.apply(.connection(.live))
        depth.apply(
            .snapshot(
                book([(100_001_000, 2), (100_002_000, 0.5)], [(100_000_000, 1)], at: 1),
                [trade(1, .buy, size: 3), trade(2, .sell, size: 1.5)]))
        let output = DepthOutput(depth, previous: nil, flashing: false)
        #expect(
            output.asks == [
                .init(price: "100,001,000", size: "2.0000", share: 1, flash: nil, total: "2.0000"),
                .init(price: "100,002,000", size: "0.5000", share: 0.25, flash: nil, total: "2.5000"),
            ])
        #expect(output.bids == [.init(price: "100,000,000", size: "1.0000", share: 0.5, flash: nil, total: "1.0000")])
        #expect(output.spread == "1,000 (0.001%)")
        #expect(output.totalAskSize == "2.5000" && output.totalBidSize == "1.0000")
        #expect(output.imbalance == "-42.9%")
        #expect(output.trades.map(\.time) == ["23:40:58", "23:40:58"])
        #expect(output.trades.map(\.side) == [.sell, .buy])
        #expect(output.strength == "200.0%")
        #expect(output.status == nil)
    }

    @Test func theBookAndTheTapeFollowTheFeedAndChangedSizesFlashFor300Milliseconds() async throws {
        let driver = TaskDriver()
        let parts = try await DetailTestParts.make()
        let (board, loader) = (parts.board, parts.loader)
        let (feed, depthEvents) = AsyncStream<MarketDepthEvent>.makeStream()
        let viewModel = DetailViewModel(
            market: bitcoin, board: board, loader: loader, depth: { _ in feed }, clock: driver.clock)
        let log = OutputLog<DetailOutput>()
        let outputs = viewModel.outputs(bufferingPolicy: .unbounded)
        let recorder = driver.start { @MainActor in
            for await output in outputs { log.append(output) }
        }
        let running = driver.start { @MainActor in await viewModel.run() }
        await driver.settle()
        #expect(log.values.first?.depth?.status == "Loading the order book…")
        let before = log.values.count

        depthEvents.yield(.connection(.live))
        let first = book([(100_001_000, 2)], [(100_000_000, 1)], at: 10)
        depthEvents.yield(.snapshot(first, [trade(1, .buy, size: 1)]))
        await driver.settle()
        // The ask grew, the bid shrank: both flash, in the colours of a rise and a fall.
        depthEvents.yield(.orderBook(book([(100_001_000, 3)], [(100_000_000, 0.5)], at: 11)))
        await driver.settle()
        // An older book overtaken on the way is not shown.
        depthEvents.yield(.orderBook(book([(100_001_000, 9)], [(100_000_000, 9)], at: 5)))
        await driver.settle()
        await driver.advance(by: .milliseconds(299), step: .milliseconds(299))
        let stillFlashing = viewModel.output.depth?.asks.first?.flash
        await driver.advance(by: .milliseconds(1), step: .milliseconds(1))
        depthEvents.yield(.trades([trade(2, .sell, size: 2), trade(1, .buy, size: 1)]))
        await driver.settle()
        viewModel.send(.nextPaneChosen)
        viewModel.send(.nextPaneChosen)
        viewModel.send(.nextPaneChosen)
        viewModel.send(.previousPaneChosen)
        await driver.settle()

        #expect(stillFlashing == .rise)
        // Each step as the screen saw it: (ask sizes with flashes, bid sizes with flashes, tape, strength, status, pane).
        struct Seen: Equatable {
            var asks: [String]
            var bids: [String]
            var tape: [String]
            var strength: String
            var status: String?
            var pane: DetailPane
        }
        func seen(_ output: DetailOutput) -> Seen {
            let depth = output.depth ?? DepthOutput()
            func mark(_ level: DepthOutput.Level) -> String {
                level.size + (level.flash.map { $0 == .rise ? "↑" : "↓" } ?? "")
            }
            return Seen(
                asks: depth.asks.map(mark), bids: depth.bids.map(mark),
                tape: depth.trades.map { "\($0.side.rawValue) \($0.size)" }, strength: depth.strength,
                status: depth.status, pane: output.pane)
        }
        let depthSteps = log.values[before...].map(seen).filter {
            !$0.asks.isEmpty || $0.status != "Loading the order book…"
        }
        // Board and candle outputs in between repeat the last step: keep each change once.
        var steps: [Seen] = []
        for step in depthSteps where steps.last != step { steps.append(step) }
        #expect(
            steps == [
                Seen(
                    asks: ["2.0000"], bids: ["1.0000"], tape: ["buy 1.0000"], strength: "—", status: nil, pane: .chart),
                Seen(
                    asks: ["3.0000↑"], bids: ["0.5000↓"], tape: ["buy 1.0000"], strength: "—", status: nil, pane: .chart
                ),
                Seen(
                    asks: ["3.0000"], bids: ["0.5000"], tape: ["buy 1.0000"], strength: "—", status: nil, pane: .chart),
                Seen(
                    asks: ["3.0000"], bids: ["0.5000"], tape: ["sell 2.0000", "buy 1.0000"], strength: "50.0%",
                    status: nil, pane: .chart),
                Seen(
                    asks: ["3.0000"], bids: ["0.5000"], tape: ["sell 2.0000", "buy 1.0000"], strength: "50.0%",
                    status: nil, pane: .orderBook),
                Seen(
                    asks: ["3.0000"], bids: ["0.5000"], tape: ["sell 2.0000", "buy 1.0000"], strength: "50.0%",
                    status: nil, pane: .trades),
                Seen(
                    asks: ["3.0000"], bids: ["0.5000"], tape: ["sell 2.0000", "buy 1.0000"], strength: "50.0%",
                    status: nil, pane: .chart),
                Seen(
                    asks: ["3.0000"], bids: ["0.5000"], tape: ["sell 2.0000", "buy 1.0000"], strength: "50.0%",
                    status: nil, pane: .trades),
            ])

        // A dropped connection says so until the feed is live again.
        depthEvents.yield(.connection(.reconnecting(attempt: 1, delay: .seconds(2))))
        await driver.settle()
        #expect(viewModel.output.depth?.status == "reconnecting in 2s")
        #expect(viewModel.output.depth?.asks.count == 1)
        depthEvents.yield(.connection(.live))
        await driver.settle()
        #expect(viewModel.output.depth?.status == nil)
        running.cancel()
        recorder.cancel()
        depthEvents.finish()
        await driver.settle()
    }

    /// 호가 모아보기 (issue 30, point 5): `g` groups the book by ten ticks, asked of the exchange at
    /// once and every second of the clock while it shows; `G` goes back to the feed's own book.
    @Test func theBookIsGroupedByTheNextUnitAskedAgainEverySecondAndUngroupedAgain() async throws {
        let driver = TaskDriver()
        let parts = try await DetailTestParts.make()
        let (board, loader) = (parts.board, parts.loader)
        let (feed, depthEvents) = AsyncStream<MarketDepthEvent>.makeStream()
        let asked = Mutex<[Double]>([])
        let grouped = book([(100_010_000, 7), (100_020_000, 3)], [(100_000_000, 9)], at: 20)
        let viewModel = DetailViewModel(
            market: bitcoin, board: board, loader: loader, depth: { _ in feed },
            groupedBook: { _, unit in
                asked.withLock { $0.append(unit) }
                return grouped
            }, clock: driver.clock)
        let running = driver.start { @MainActor in await viewModel.run() }
        depthEvents.yield(.connection(.live))
        depthEvents.yield(.snapshot(book([(100_001_000, 2), (100_002_000, 1)], [(100_000_000, 1)], at: 10), []))
        await driver.settle()
        #expect(viewModel.output.depth?.grouping == nil)

        viewModel.send(.bookGroupingStepped(by: 1))
        await driver.settle()
        #expect(asked.withLock { $0 } == [10_000])
        #expect(viewModel.output.depth?.grouping == "10,000")
        #expect(viewModel.output.depth?.asks.map(\.price) == ["100,010,000", "100,020,000"])
        #expect(viewModel.output.depth?.asks.map(\.total) == ["7.0000", "10.0000"])
        // The spread is still the market's: 100,001,000 less 100,000,000, not the unit's 10,000.
        #expect(viewModel.output.depth?.spread.hasPrefix("1,000 (") == true)
        // A book from the feed meanwhile does not replace the grouped one.
        depthEvents.yield(.orderBook(book([(100_001_000, 5)], [(100_000_000, 1)], at: 11)))
        await driver.settle()
        #expect(viewModel.output.depth?.asks.first?.price == "100,010,000")
        await driver.advance(by: .seconds(1), step: .seconds(1))
        #expect(asked.withLock { $0 } == [10_000, 10_000])
        // The next unit, then back to none (G) and the feed's book.
        viewModel.send(.bookGroupingStepped(by: 1))
        await driver.settle()
        #expect(asked.withLock { $0 }.last == 100_000 && viewModel.output.depth?.grouping == "100,000")
        // Only the new unit is asked for again: the refresh of the one before stopped.
        let grouping = asked.withLock { $0.count }
        await driver.advance(by: .seconds(1), step: .seconds(1))
        #expect(asked.withLock { Array($0.dropFirst(grouping)) } == [100_000])
        viewModel.send(.bookGroupingStepped(by: -2))
        await driver.settle()
        #expect(viewModel.output.depth?.grouping == nil)
        #expect(viewModel.output.depth?.asks.map(\.price) == ["100,001,000"])
        // G on the book as it is leaves it so: the units never wrap round to the widest.
        viewModel.send(.bookGroupingStepped(by: -1))
        await driver.settle()
        #expect(viewModel.output.depth?.grouping == nil)
        let before = asked.withLock { $0.count }
        await driver.advance(by: .seconds(3), step: .seconds(1))
        #expect(asked.withLock { $0.count } == before, "not asked while the book is not grouped")
        running.cancel()
        depthEvents.finish()
        await driver.settle()
    }
}
