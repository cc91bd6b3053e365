import MarketDomain
import PropertyBased
import TestSupport
import Testing

/// Each market's recent prices, and the moves over a window read from them.
@Suite struct RecentPricesTests {
    private let bitcoin = MarketID("KRW-BTC")!
    private let ripple = MarketID("KRW-XRP")!

    @Test func aWindowIsBlankUntilTheSamplesReachBackThatFar() {
        let recent = RecentPrices()
        recent.record(bitcoin, price: 100, at: 1_000_000)
        #expect(recent.change(of: bitcoin, over: 60_000) == nil)
        recent.record(bitcoin, price: 101, at: 1_059_999)
        #expect(recent.change(of: bitcoin, over: 60_000) == nil)
        recent.record(bitcoin, price: 102, at: 1_060_000)
        #expect(recent.change(of: bitcoin, over: 60_000).map { abs($0 - 0.02) < 1e-12 } == true)
        #expect(recent.change(of: bitcoin, over: 300_000) == nil)
        #expect(recent.change(of: ripple, over: 60_000) == nil)
    }

    /// A tick recorded at its market's slot is recorded as by its id; a slot of other recent
    /// prices is not used, and a price that is not one gives no slot.
    @Test func aSlotRecordsForItsMarketAndOnlyInItsOwnRecentPrices() throws {
        let bySlot = RecentPrices()
        let byID = RecentPrices()
        let other = RecentPrices()
        #expect(bySlot.record(bitcoin, price: .nan, at: 0) == nil)
        let bitcoinSlot = try #require(bySlot.record(bitcoin, price: 100, at: 1_000_000))
        let rippleSlot = try #require(bySlot.record(ripple, price: 10, at: 1_000_000))
        byID.record(bitcoin, price: 100, at: 1_000_000)
        byID.record(ripple, price: 10, at: 1_000_000)
        for second in 1...120 {
            let time = 1_000_000 + Int64(second) * 1_000
            #expect(bySlot.record(bitcoinSlot, price: 100 + Double(second), at: time))
            #expect(bySlot.record(rippleSlot, price: 10 - Double(second) / 100, at: time))
            byID.record(bitcoin, price: 100 + Double(second), at: time)
            byID.record(ripple, price: 10 - Double(second) / 100, at: time)
        }
        for id in [bitcoin, ripple] {
            #expect(bySlot.change(of: id, over: 60_000) == byID.change(of: id, over: 60_000))
            #expect(bySlot.change(of: id, over: 60_000) != nil)
        }
        #expect(bySlot.changes(over: 60_000) == byID.changes(over: 60_000))
        #expect(!other.record(bitcoinSlot, price: 1, at: 2_000_000))
        #expect(other.latest == 0)
    }

    /// A row's three windows read at one look are each window's change.
    @Test func theThreeWindowsReadAtOnceAreEachWindowsChange() {
        let recent = RecentPrices()
        for second in 0...400 { recent.record(bitcoin, price: 100 + Double(second % 37), at: Int64(second) * 1_000) }
        let windows: (Int64, Int64, Int64) = (60_000, 300_000, 900_000)
        let together = recent.changes(of: bitcoin, over: windows)
        #expect(together.0 == recent.change(of: bitcoin, over: 60_000))
        #expect(together.1 == recent.change(of: bitcoin, over: 300_000))
        #expect(together.0 != nil && together.1 != nil && together.2 == nil)
        #expect(recent.changes(of: ripple, over: windows) == (nil, nil, nil))
    }

    /// Issue 28's last part: candles fill the window from before the board's first sample, so it
    /// is covered at once; what overlaps the board's own samples is left out.
    @Test func candlesFillTheWindowFromBeforeTheFirstSample() {
        let recent = RecentPrices()
        recent.record(bitcoin, price: 110, at: 400_000)
        #expect(recent.change(of: bitcoin, over: 300_000) == nil)
        recent.fill(bitcoin, earlier: [(0, 100), (59_999, 101), (60_000, 101), (119_999, 102), (420_000, 999)])
        #expect(recent.change(of: bitcoin, over: 300_000).map { abs($0 - (110.0 / 101 - 1)) < 1e-12 } == true)
        recent.record(bitcoin, price: 120, at: 401_000)
        #expect(recent.change(of: bitcoin, over: 60_000).map { abs($0 - (120.0 / 102 - 1)) < 1e-12 } == true)
        #expect(recent.latest == 401_000)
    }

    @Test func aMarketThatDidNotTradeMovedNothingWhileTheBoardsTimeGoesOn() {
        let recent = RecentPrices()
        recent.record(ripple, price: 3_000, at: 0)
        recent.record(bitcoin, price: 100, at: 0)
        for second in 1...400 { recent.record(bitcoin, price: 100 + Double(second) / 100, at: Int64(second) * 1000) }
        #expect(recent.latest == 400_000)
        #expect(recent.change(of: ripple, over: 300_000) == 0)
        let bitcoinMove = recent.change(of: bitcoin, over: 300_000) ?? .nan
        // From 101 (100 s) to 104 (400 s), the sample at or before 100 s being at most 2 s older.
        #expect(abs(bitcoinMove - (104.0 / 101.0 - 1)) < 0.0003)
        #expect(recent.changes(over: 300_000).keys.sorted() == [bitcoin, ripple])
    }

    @Test func aLateOrBadTickChangesNothing() {
        let recent = RecentPrices()
        recent.record(bitcoin, price: 100, at: 10_000)
        recent.record(bitcoin, price: 100, at: 80_000)
        recent.record(bitcoin, price: 50, at: 5_000)
        recent.record(bitcoin, price: .nan, at: 90_000)
        recent.record(bitcoin, price: -1, at: 90_000)
        #expect(recent.change(of: bitcoin, over: 60_000) == 0)
        #expect(recent.latest == 80_000)
    }

    /// Against a reference that keeps every tick: the sampled move is the reference's move from a
    /// price at most two seconds older than the window's start, and covered exactly when it is.
    @Test func theSampledMoveMatchesEveryTickWithinTheSampleSpacing() async {
        await propertyCheck(input: Gen.int(in: 1...1_000_000)) { seed in
            var state = UInt64(seed)
            func next() -> UInt64 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return state >> 33
            }
            let recent = RecentPrices()
            var ticks: [(time: Int64, price: Double)] = []
            var time: Int64 = 1_000_000
            var price = 1_000.0
            for _ in 0..<600 {
                time += Int64(next() % 5_000)
                price = max(1, price + Double(Int(next() % 21) - 10))
                recent.record(bitcoin, price: price, at: time)
                ticks.append((time, price))
            }
            for window in [Int64(60_000), 300_000, 900_000] {
                let target = time - window
                let covered = ticks[0].time <= target
                let change = recent.change(of: bitcoin, over: window)
                #expect((change != nil) == covered)
                guard let change else { continue }
                // Some tick within two seconds before the window's start gives this move.
                let candidates = ticks.filter { $0.time <= target && $0.time > target - 2 * RecentPrices.sampleSpacing }
                let atStart = ticks.last { $0.time <= target }!
                let possible = (candidates + [atStart]).map { price / $0.price - 1 }
                #expect(possible.contains { abs($0 - change) < 1e-12 }, "window \(window)")
            }
        }
    }

    /// The samples kept as the rules say, read after every tick of two hours (past the span, so
    /// old samples are let go and the arrays compacted), late ticks among them, and once filled
    /// from candles: the moves are the ones a plain list of samples gives.
    @Test func movesAreThoseOfThePlainListOfSamplesTheRulesDescribe() {
        var random = SplitMix(state: 28)
        let recent = RecentPrices()
        var samples: [(time: Int64, price: Double)] = []
        var time: Int64 = 10_000_000
        let windows: [Int64] = [1_000, 60_000, 300_000, 900_000]
        for tick in 0..<3_000 {
            let late = random.next() % 20 == 0
            // Steps of half a second, so ticks land on the spacing's and windows' edges too.
            let step = Int64(random.next() % 11) * 500
            let at = late ? time - step : time + step
            let price = 1_000 + Double(random.next() % 500)
            recent.record(bitcoin, price: price, at: at)
            Self.sample(price, at: at, into: &samples)
            time = max(time, at)
            if tick == 100 {
                // Candles from before the first sample, as the board fetches them.
                let candles = (1...20).map { (time: Int64(9_000_000 + $0 * 40_000), price: 900 + Double($0)) }
                recent.fill(bitcoin, earlier: candles)
                var filled: [(time: Int64, price: Double)] = []
                for candle in candles where candle.time < samples[0].time {
                    Self.sample(candle.price, at: candle.time, into: &filled)
                }
                for sample in samples { Self.sample(sample.price, at: sample.time, into: &filled) }
                samples = filled
            }
            for window in windows {
                let expected = Self.change(samples, over: window, now: recent.latest)
                #expect(recent.change(of: bitcoin, over: window) == expected, "tick \(tick), window \(window)")
            }
        }
    }

    /// The rules on a plain list: a tick before the newest sample is dropped, one within the
    /// spacing of the sample before the newest replaces the newest, any other is a new sample;
    /// samples before the last one at or before the span's start are let go.
    private static func sample(_ price: Double, at time: Int64, into samples: inout [(time: Int64, price: Double)]) {
        if let newest = samples.last {
            guard time >= newest.time else { return }
            if samples.count > 1, time - samples[samples.count - 2].time < RecentPrices.sampleSpacing {
                samples[samples.count - 1] = (time, price)
                return
            }
        }
        samples.append((time, price))
        while samples.count > 1, samples[1].time <= time - RecentPrices.span { samples.removeFirst() }
    }

    /// The newest price against the last sample at or before the window's start.
    private static func change(_ samples: [(time: Int64, price: Double)], over window: Int64, now: Int64) -> Double? {
        guard let first = samples.first, first.time <= now - window, let newest = samples.last else { return nil }
        return newest.price / samples.last(where: { $0.time <= now - window })!.price - 1
    }
}

/// The movers and the board's sort by a move, from a board's recent prices.
@Suite struct MoversTests {
    private static func board() -> TickerBoard {
        var board = TickerBoard(exchange: .upbit)
        let markets = ["BTC", "ETH", "XRP", "DOGE", "SOL"].map {
            Market(id: MarketID(quote: "KRW", base: $0), koreanName: $0, englishName: $0)
        }
        board.setMarkets(markets)
        // Two minutes apart: XRP +10 %, ETH +2 %, SOL −3 %, DOGE −1 %; BTC has ticked only now.
        let moves: [(String, Double, Double)] = [
            ("XRP", 1_000, 1_100), ("ETH", 100, 102), ("SOL", 100, 97), ("DOGE", 100, 99),
        ]
        for (symbol, before, after) in moves {
            let market = markets.first { $0.symbol == symbol }!
            board.apply(MarketFixtures.ticker(market, price: before, value: 1, timestamp: 1_000_000))
            board.apply(MarketFixtures.ticker(market, price: after, value: 1, timestamp: 1_120_000))
        }
        board.apply(MarketFixtures.ticker(markets[0], price: 150, value: 1, timestamp: 1_120_000))
        return board
    }

    @Test func risersAndFallersOfACoveredWindowLargestFirst() {
        let movers = Movers(board: Self.board(), window: 60_000, top: 1)
        #expect(movers.risers.map(\.market.rawValue) == ["KRW-XRP"])
        #expect(movers.fallers.map(\.market.rawValue) == ["KRW-SOL"])
        let all = Movers(board: Self.board(), window: 60_000, top: 10)
        #expect(all.risers.map(\.market.base) == ["XRP", "ETH"])
        #expect(all.fallers.map(\.market.base) == ["SOL", "DOGE"])
        #expect(abs(all.risers[0].change - 0.1) < 1e-12 && all.risers[0].price == 1_100)
        #expect(Movers(board: Self.board(), window: 300_000, top: 10) == Movers(risers: [], fallers: []))
    }

    @Test func aBoardSortedByAMoveHasTheUncoveredLastEitherWay() {
        let board = Self.board()
        let order = QuoteOrder(key: .move1m)
        #expect(
            order.sorted(board.quotes, recent: board.recentPrices).map(\.market.symbol) == [
                "XRP", "ETH", "DOGE", "SOL", "BTC",
            ])
        let ascending = QuoteOrder(key: .move1m, direction: .ascending)
        #expect(
            ascending.sorted(board.quotes, recent: board.recentPrices).map(\.market.symbol) == [
                "SOL", "DOGE", "ETH", "XRP", "BTC",
            ])
    }
}
