import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

@MainActor
@Suite struct DetailViewModelTests {
    private let bitcoin = MarketFixtures.bitcoin
    /// 2026-03-11 14:40:58 UTC.
    private let now: Int64 = 1_773_240_058_519

    private func history(days: Int, endingOn last: TradingDay) -> [Candle] {
        (0..<days).map { back in
            let day = last.adding(days: -(days - 1 - back))
            let base = 100_000_000 + Double(back) * 100_000
            return Candle(
                day: day, open: base, high: base + 500_000, low: base - 500_000, close: base + 100_000, volume: 1,
                value: 1)
        }
    }

    @Test func candlesAreFetchedOnceCachedAndTodayFollowsTheTicks() async throws {
        let today = TradingDay(unixMilliseconds: now)
        let candles = history(days: 365, endingOn: today)
        let script = ScriptedMarketClient(
            markets: MarketFixtures.markets,
            tickers: [
                MarketFixtures.ticker(bitcoin, price: 136_500_000, change: 100_000, value: 300e9, timestamp: now)
            ],
            candles: [bitcoin.id: candles])
        let board = LiveBoard(client: script.client)
        try await board.load()
        await board.follow()
        let memory = InMemoryPreferenceStore()
        let loader = DailyCandleLoader(exchange: .upbit, fetch: script.client.fetchDailyCandles, store: memory.store)
        let viewModel = DetailViewModel(market: bitcoin.id, board: board, loader: loader)
        var outputs = viewModel.outputs().makeAsyncIterator()
        let task = Task { await viewModel.run() }
        defer { task.cancel() }

        while viewModel.output.candleStatus != nil || viewModel.output.candles.isEmpty { _ = await outputs.next() }
        #expect(viewModel.output.name == "비트코인")
        #expect(viewModel.output.price == "136,500,000")
        #expect(viewModel.output.candles.count == 365)
        #expect(viewModel.output.candles.last?.close == 136_500_000)
        #expect(viewModel.output.high52Week == "136,900,000")
        #expect(viewModel.output.low52Week == "99,500,000")
        // Every day before today went to the cache.
        #expect(try memory.store.cachedCandles(.upbit, bitcoin.id).count == 364)

        // A live tick above today's high moves today's candle and the 52-week high.
        script.send(
            .ticker(
                MarketFixtures.ticker(
                    bitcoin, price: 140_000_000, change: 3_600_000, value: 300e9, timestamp: now + 1000)))
        while viewModel.output.price != "140,000,000" { _ = await outputs.next() }
        #expect(viewModel.output.candles.last?.close == 140_000_000)
        #expect(viewModel.output.candles.last?.high == 140_000_000)
        #expect(viewModel.output.high52Week == "140,000,000")
        await board.stop()
    }

    @Test func aCurrentCacheIsUsedInsteadOfTheExchange() async throws {
        let today = TradingDay(unixMilliseconds: now)
        let cached = history(days: 364, endingOn: today.adding(days: -1))
        // Failing doubles: the exchange must not be asked while the cache is current, and the
        // store is only read (any other call fails the test).
        var store = PreferenceStore.failing
        store.cachedCandles = { _, _ in cached }
        let loader = DailyCandleLoader(
            exchange: .upbit, fetch: MarketDataClient.failing().fetchDailyCandles, store: store)
        let candles = try await loader.load(bitcoin.id, today: today)
        #expect(candles.count == 364)
        // An old cache is not enough: the exchange is asked, and its failure reported.
        let asked = Mutex(0)
        let stale = DailyCandleLoader(
            exchange: .upbit,
            fetch: { _, _ in
                asked.withLock { $0 += 1 }
                throw ExchangeError.unavailable("offline")
            }, store: store)
        await #expect(throws: ExchangeError.unavailable("offline")) {
            try await stale.load(bitcoin.id, today: today.adding(days: 10))
        }
        #expect(asked.withLock { $0 } == 1)
    }

    @Test func todaysCandleStartsOnANewDay() {
        let day = TradingDay(year: 2026, month: 3, day: 10)!
        let yesterday = Candle(day: day, open: 10, high: 12, low: 9, close: 11, volume: 1, value: 1)
        let ticker = Ticker(
            marketID: bitcoin.id, price: 13, changePrice: 2, changeRate: 0.18, volume24h: 1, tradeValue24h: 1, open: 11,
            high: 13, low: 11, previousClose: 11, timestamp: day.adding(days: 1).startUnixMilliseconds + 5)
        let result = DetailViewModel.following([yesterday], ticker: ticker)
        #expect(result.count == 2)
        #expect(
            result.last == Candle(day: day.adding(days: 1), open: 11, high: 13, low: 11, close: 13, volume: 0, value: 0)
        )
    }
}
