import Exchanges
import Foundation
import Logging
import MarketDomain
import MarketFeatures
import MarketStore

/// The premium history kept by a process that shows live boards (issue 29): each compared
/// coin's premium sampled every second into the store while every exchange's feed runs (from the
/// first time the Compare tab or a premium chart shows, or a premium rule loads them: a person
/// who never compares pays for one feed, not four), one copy writing however many run; and at
/// start, a new database back-filled with a year of daily premium, Bitcoin first.
enum PremiumRecording {
    /// Starts recording on `boards` and back-filling; returns the history's source for the views
    /// and the task that does both (cancel it to stop).
    static func start(
        board: LiveBoard, boards: ExchangeBoards, forex: ForexWatch, forexClient: ForexClient, store: MarketStore,
        logger: Logger
    ) -> (PremiumHistorySource, Task<Void, Never>) {
        let history = store.premiumHistory
        let recorder = PremiumRecorder(
            sample: {
                // A premium needs every exchange's live prices: nothing is sampled until they run.
                for live in boards.boards.values where await !live.isFollowing { return [] }
                let rows = await boards.comparisons()
                let dollar = forex.rate?.usdKRW
                return PremiumSample.of(rows.map { $0.measured(against: dollar) })
            }, store: history, writer: "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)",
            now: MarketStore.wallClock)
        // A premium chart asks for every exchange's feed (and the rate) the first time it opens.
        let (wanted, wanting) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let feeds = PremiumFeeds(awaiting: {
            wanting.yield()
            var waiting: [String] = []
            for exchange in boards.exchanges {
                if let live = boards.boards[exchange], await !live.isFollowing { waiting.append(exchange.displayName) }
            }
            if forex.rate == nil { waiting.append("USD/KRW") }
            return waiting
        })
        let task = Task {
            async let followed: Void = {
                for await _ in wanted {
                    await boards.loadAndFollow { exchange, error in
                        logger.warning("premium: \(exchange.displayName) could not be loaded: \(error)")
                    }
                    return
                }
            }()
            async let filled: Void = {
                // A year of daily candles per coin (a fresh database's) keeps a core and the
                // exchanges busy for a while: it waits until the first board has been drawn.
                guard (try? await Task.sleep(for: backfillDelay)) != nil else { return }
                await backfill(board: board, boards: boards, forex: forexClient, history: history, logger: logger)
            }()
            await recorder.run(clock: ContinuousClock())
            await filled
            await followed
        }
        let binanceBook = boards.boards[.binance].map { board in board.client.fetchOrderBook }
        return (
            PremiumHistorySource(
                store: history, recorder: recorder, now: MarketStore.wallClock, binanceBook: binanceBook, feeds: feeds),
            task
        )
    }

    /// How long after the start the back-fill waits (the first board comes first).
    static let backfillDelay = Duration.seconds(2)

    /// Back-fills the coins with a premium that have little daily history: Bitcoin first, then by
    /// the main board's trade value; each measured on the first Korean exchange listing it.
    static func backfill(
        board: LiveBoard, boards: ExchangeBoards, forex: ForexClient, history: PremiumHistoryStore, logger: Logger
    ) async {
        var listings: [Exchange: Set<String>] = [:]
        for (exchange, live) in boards.boards {
            let quote = exchange == .binance ? "USDT" : "KRW"
            do {
                listings[exchange] = Set(
                    try await live.client.fetchMarkets().filter { $0.id.quote == quote }.map(\.symbol))
            } catch {
                logger.warning("premium history: \(exchange.displayName)'s markets unreadable: \(error)")
            }
        }
        let global = listings[.binance] ?? []
        let value = Dictionary(
            await board.quotes().map { ($0.market.symbol, $0.ticker.tradeValue24h) }, uniquingKeysWith: max)
        let compared = Set(Exchange.korean.flatMap { listings[$0] ?? [] }).filter { symbol in
            global.contains(symbol) && Exchange.korean.count { listings[$0]?.contains(symbol) == true } > 1
        }
        let ordered = compared.sorted { first, second in
            if (first == "BTC") != (second == "BTC") { return first == "BTC" }
            return (value[first] ?? 0, second) > (value[second] ?? 0, first)
        }
        let coins = ordered.compactMap { symbol in
            Exchange.korean.first { listings[$0]?.contains(symbol) == true }.map { (symbol: symbol, exchange: $0) }
        }
        let backfill = PremiumBackfill(
            candles: { exchange, market, days in
                guard let client = boards.boards[exchange]?.client else {
                    throw ExchangeError.unavailable("no client for \(exchange.displayName)")
                }
                return try await client.fetchDailyCandles(market, days)
            }, usdKRW: forex.fetchDailyUSDKRW, store: history)
        let today = TradingDay(unixMilliseconds: MarketStore.wallClock())
        await backfill.fill(coins, today: today) { symbol, error in
            logger.warning("premium history: \(symbol) not back-filled: \(error)")
        }
    }
}
