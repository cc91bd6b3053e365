import MarketDomain
import TestSupport

@testable import MarketFeatures

/// What a detail view model's tests stand on: a loaded board of the fixture markets with Bitcoin
/// at `price`, and a daily candle loader of the exchange with no candles to give.
struct DetailTestParts {
    let board: LiveBoard
    let loader: DailyCandleLoader

    static func make(
        price: Double = 100_000_000, timestamp: Int64 = 1_000, exchange: Exchange = .upbit
    ) async throws -> DetailTestParts {
        let script = ScriptedMarketClient(
            markets: MarketFixtures.markets,
            tickers: [
                MarketFixtures.ticker(MarketFixtures.bitcoin, price: price, change: 0, value: 1e9, timestamp: timestamp)
            ])
        let board = LiveBoard(client: script.client)
        try await board.load()
        let loader = DailyCandleLoader(
            exchange: exchange, fetch: { _, _ in [] }, store: InMemoryPreferenceStore().store)
        return DetailTestParts(board: board, loader: loader)
    }
}
