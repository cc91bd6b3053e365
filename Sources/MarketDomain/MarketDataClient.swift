/// Everything Sise needs from one exchange, as replaceable closures: the live client in
/// `Exchanges` provides the real one, tests provide fakes.
public struct MarketDataClient: Sendable {
    /// The exchange this client talks to.
    public var exchange: Exchange
    /// The markets with their names: every group the exchange lists (Upbit's and Bithumb's KRW,
    /// BTC and USDT markets; Korbit's KRW; Binance's USDT).
    public var fetchMarkets: @Sendable () async throws -> [Market]
    /// The current tickers of these markets (every market of ``fetchMarkets`` when empty).
    public var fetchTickers: @Sendable (_ markets: [MarketID]) async throws -> [Ticker]
    /// The last `days` daily candles of a market, oldest first.
    public var fetchDailyCandles: @Sendable (_ market: MarketID, _ days: Int) async throws -> [Candle]
    /// The last `count` candles of an interval that start before a time (now when `nil`),
    /// oldest first (issue 30): the exchange's candle endpoints, paged back as far as asked.
    public var fetchCandles:
        @Sendable (_ market: MarketID, _ interval: CandleInterval, _ before: Int64?, _ count: Int) async throws ->
            [IntervalCandle]
    /// A live feed of these markets' tickers, in batches, that reconnects until the consumer
    /// stops iterating.
    public var liveTickers: @Sendable (_ markets: [MarketID]) -> LiveFeedEvents
    /// The order book of a market as the exchange's REST API gives it now.
    public var fetchOrderBook: @Sendable (_ market: MarketID) async throws -> OrderBook
    /// The order book with its prices grouped by a unit (호가 모아보기, issue 30): by the exchange
    /// where it groups (Upbit's `level`), otherwise here from the levels it serves.
    public var fetchGroupedOrderBook: @Sendable (_ market: MarketID, _ unit: Double) async throws -> OrderBook
    /// The latest `count` trades of a market, newest first.
    public var fetchTrades: @Sendable (_ market: MarketID, _ count: Int) async throws -> [Trade]
    /// The trades of a market after `after`, newest first, as far back as the exchange serves them
    /// (paging: Upbit's and Bithumb's `cursor`, Binance's `fromId`; Korbit's one page of 500): a
    /// catch-up after the feed was away. It may reach less far back than `after` when the
    /// exchange keeps fewer; ``fetchTrades`` of the most one request takes when not given.
    public var fetchTradesAfter: @Sendable (_ market: MarketID, _ after: Trade) async throws -> [Trade]
    /// A live feed of one market's order book and trades, first painted from REST and painted
    /// again after every reconnect, until the consumer stops iterating.
    public var liveDepth: @Sendable (_ market: MarketID) -> AsyncStream<MarketDepthEvent>
    /// Each coin's deposit and withdrawal status by symbol (issue 29), where the exchange
    /// publishes it to this client (Bithumb without a key).
    public var fetchWalletStatus: @Sendable () async throws -> [String: WalletStatus]

    /// Makes a client from its operations.
    public init(
        exchange: Exchange,
        fetchMarkets: @escaping @Sendable () async throws -> [Market],
        fetchTickers: @escaping @Sendable (_ markets: [MarketID]) async throws -> [Ticker],
        fetchDailyCandles: @escaping @Sendable (_ market: MarketID, _ days: Int) async throws -> [Candle],
        fetchCandles: (
            @Sendable (_ market: MarketID, _ interval: CandleInterval, _ before: Int64?, _ count: Int) async throws ->
                [IntervalCandle]
        )? = nil,
        liveTickers: @escaping @Sendable (_ markets: [MarketID]) -> LiveFeedEvents,
        fetchOrderBook: @escaping @Sendable (_ market: MarketID) async throws -> OrderBook = { _ in
            throw ExchangeError.unavailable("this client reads no order book")
        },
        fetchGroupedOrderBook: (@Sendable (_ market: MarketID, _ unit: Double) async throws -> OrderBook)? = nil,
        fetchTrades: @escaping @Sendable (_ market: MarketID, _ count: Int) async throws -> [Trade] = { _, _ in
            throw ExchangeError.unavailable("this client reads no trades")
        },
        fetchTradesAfter: (@Sendable (_ market: MarketID, _ after: Trade) async throws -> [Trade])? = nil,
        liveDepth: @escaping @Sendable (_ market: MarketID) -> AsyncStream<MarketDepthEvent> = { _ in
            AsyncStream { continuation in
                continuation.yield(.connection(.offline))
                continuation.finish()
            }
        },
        fetchWalletStatus: @escaping @Sendable () async throws -> [String: WalletStatus] = {
            throw ExchangeError.unavailable("this client reads no wallet status")
        }
    ) {
        self.fetchWalletStatus = fetchWalletStatus
        self.liveDepth = liveDepth
        self.fetchTrades = fetchTrades
        self.fetchTradesAfter =
            fetchTradesAfter ?? { market, _ in try await fetchTrades(market, Self.largestTradePage) }
        self.fetchOrderBook = fetchOrderBook
        self.fetchGroupedOrderBook =
            fetchGroupedOrderBook ?? { market, unit in try await fetchOrderBook(market).grouped(by: unit) }
        self.exchange = exchange
        self.fetchMarkets = fetchMarkets
        self.fetchTickers = fetchTickers
        self.fetchDailyCandles = fetchDailyCandles
        // A client without them has days only (from its daily candles).
        self.fetchCandles =
            fetchCandles ?? { market, interval, before, count in
                guard interval == .day else { throw ExchangeError.unavailable("this client reads days only") }
                let days = try await fetchDailyCandles(market, count + (before == nil ? 0 : 1))
                return Array(days.map(IntervalCandle.init).filter { $0.start < before ?? .max }.suffix(count))
            }
        self.liveTickers = liveTickers
    }

    /// The most trades every exchange serves in one request (Upbit, Bithumb and Korbit: 500).
    public static let largestTradePage = 500
}
