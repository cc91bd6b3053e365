import AsyncHTTPClient
public import ExchangeWire
public import Logging
public import MarketDomain
import NIOCore

/// The real client of every exchange: REST over AsyncHTTPClient and the reconnecting WebSocket
/// feed, talking to whichever server of the exchange's dialect it is given (the real exchange or
/// the simulator alike).
public enum ExchangeClient {
    /// A market-data client for a server of `exchange`'s dialect. REST requests keep to the
    /// exchange's rate limit and retry its refusals for up to `rateLimitPatience` in all. Its live
    /// feeds read their sockets at most once every `feedReadPacing` when one is given (a screen's
    /// frame interval at most: ``FeedConnector/webSocket(url:pingInterval:readPacing:tlsConfiguration:logger:)``).
    public static func make(
        _ exchange: Exchange, server: ExchangeServer, backoff: ReconnectBackoff = ReconnectBackoff(),
        health: FeedHealth = FeedHealth(), rateLimitPatience: Duration = .seconds(60), logger: Logger? = nil,
        upbitKeys: UpbitKeys? = nil, feedReadPacing: Duration? = nil
    ) -> MarketDataClient {
        let logger = logger ?? Logger(label: "sise.\(exchange.rawValue)")
        let policy: RESTRateLimits.Policy =
            switch exchange {
            case .upbit: .upbit
            case .bithumb: .bithumb
            case .korbit: .korbit
            case .binance: .binance
            }
        let transport = RESTTransport(
            baseURL: server.restBaseURL, httpClient: .sise, timeout: .seconds(10), logger: logger,
            limits: RESTRateLimits(policy), serverName: exchange.displayName, maximumRefusalWait: rateLimitPatience)
        let operations = Operations.of(exchange, over: transport, upbitKeys: upbitKeys).checked(logger: logger)
        let feed = ReconnectingFeed(
            connector: .webSocket(url: server.webSocketURL, readPacing: feedReadPacing, logger: logger),
            dialect: operations.dialect,
            fetchSnapshot: operations.tickers, backoff: backoff, health: health, clock: ContinuousClock(),
            logger: logger)
        return MarketDataClient(
            exchange: exchange,
            fetchMarkets: operations.markets,
            fetchTickers: operations.tickers,
            fetchDailyCandles: operations.candles,
            fetchCandles: operations.intervalCandles,
            liveTickers: { feed.events(for: $0) },
            fetchOrderBook: operations.orderBook,
            fetchGroupedOrderBook: operations.groupedOrderBook,
            fetchTrades: operations.trades,
            fetchTradesAfter: operations.tradesAfter,
            liveDepth: { market in
                let events = feed.depthEvents(for: market) { market in
                    async let book = operations.orderBook(market)
                    async let tape = operations.trades(market, MarketDepth.firstPaintTrades)
                    return try await (book, tape)
                }
                return DepthGapFilling.events(events) {
                    try await operations.trades(market, MarketDepth.firstPaintTrades)
                }
            },
            fetchWalletStatus: operations.walletStatus
        )
    }

    /// One exchange's REST operations and the dialect of its live feed.
    private struct Operations: Sendable {
        var markets: @Sendable () async throws -> [Market]
        var tickers: @Sendable ([MarketID]) async throws -> [Ticker]
        var candles: @Sendable (MarketID, Int) async throws -> [Candle]
        var intervalCandles: @Sendable (MarketID, CandleInterval, Int64?, Int) async throws -> [IntervalCandle]
        var orderBook: @Sendable (MarketID) async throws -> OrderBook
        /// The book grouped by a unit (Upbit groups it itself; the others from their levels).
        var groupedOrderBook: (@Sendable (MarketID, Double) async throws -> OrderBook)? = nil
        var trades: @Sendable (MarketID, Int) async throws -> [Trade]
        /// The trades after one, back to it (Korbit serves only its latest 500).
        var tradesAfter: @Sendable (MarketID, Trade) async throws -> [Trade]
        var dialect: FeedProtocol
        /// Each coin's wallet status, where the exchange publishes it without a key.
        var walletStatus: @Sendable () async throws -> [String: WalletStatus] = {
            throw ExchangeError.unavailable("no wallet status without a key")
        }

        /// The REST client of `exchange` over `transport`.
        static func of(_ exchange: Exchange, over transport: RESTTransport, upbitKeys: UpbitKeys?) -> Operations {
            switch exchange {
            case .upbit:
                let rest = UpbitRESTClient(transport: transport)
                var operations = Operations(
                    markets: rest.markets, tickers: rest.tickers, candles: rest.dailyCandles,
                    intervalCandles: { try await rest.candles($0, interval: $1, before: $2, count: $3) },
                    orderBook: rest.orderBook,
                    trades: { id, count in try await rest.trades(id, count: count) },
                    tradesAfter: { id, after in try await rest.trades(id, after: after) }, dialect: .upbit())
                operations.walletStatus = {
                    guard let upbitKeys else {
                        throw ExchangeError.unavailable(
                            "Upbit's wallet status needs a key: set UPBIT_ACCESS_KEY and UPBIT_SECRET_KEY")
                    }
                    return try await rest.walletStatus(keys: upbitKeys)
                }
                operations.groupedOrderBook = { id, unit in try await rest.groupedOrderBook(id, unit: unit) }
                return operations
            case .bithumb:
                let rest = BithumbRESTClient(transport: transport)
                return Operations(
                    markets: rest.markets, tickers: rest.tickers, candles: rest.dailyCandles,
                    intervalCandles: { try await rest.candles($0, interval: $1, before: $2, count: $3) },
                    orderBook: rest.orderBook,
                    trades: { id, count in try await rest.trades(id, count: count) },
                    tradesAfter: { id, after in try await rest.trades(id, after: after) }, dialect: .bithumb(),
                    walletStatus: rest.walletStatus)
            case .korbit:
                let rest = KorbitRESTClient(transport: transport)
                return Operations(
                    markets: rest.markets, tickers: rest.tickers, candles: rest.dailyCandles,
                    intervalCandles: { try await rest.candles($0, interval: $1, before: $2, count: $3) },
                    orderBook: rest.orderBook,
                    trades: rest.trades,
                    tradesAfter: { id, _ in try await rest.trades(id, count: MarketDataClient.largestTradePage) },
                    dialect: .korbit)
            case .binance:
                let rest = BinanceRESTClient(transport: transport)
                return Operations(
                    markets: rest.markets, tickers: rest.tickers, candles: rest.dailyCandles,
                    intervalCandles: { try await rest.candles($0, interval: $1, before: $2, count: $3) },
                    orderBook: rest.orderBook,
                    trades: { id, count in try await rest.trades(id, count: count) },
                    tradesAfter: { id, after in try await rest.trades(id, after: after) }, dialect: .binance)
            }
        }

        /// These operations with what cannot be a real market's dropped where it enters, said in
        /// the log: a ticker, a trade (a negative or infinite price or size, a time far ahead), and
        /// a book refused whole, so no output, tape or 체결강도 shows them.
        func checked(logger: Logger) -> Operations {
            var checked = self
            let (tickers, trades, tradesAfter, orderBook) = (tickers, trades, tradesAfter, orderBook)
            checked.tickers = { ids in
                try await tickers(ids).filter { ticker in
                    guard let reason = ticker.implausibility else { return true }
                    logger.warning("dropped an impossible ticker for \(ticker.marketID): \(reason)")
                    return false
                }
            }
            checked.trades = { market, count in
                try await trades(market, count).filter { PlausibleDepth.keeps($0, logger: logger) }
            }
            checked.tradesAfter = { market, after in
                try await tradesAfter(market, after).filter { PlausibleDepth.keeps($0, logger: logger) }
            }
            if let grouped = groupedOrderBook {
                checked.groupedOrderBook = { market, unit in try Self.plausible(await grouped(market, unit), of: market)
                }
            }
            checked.orderBook = { market in try Self.plausible(await orderBook(market), of: market) }
            return checked
        }

        /// `book`, unless its price, size or time is impossible: then it is refused, never shown.
        static func plausible(_ book: OrderBook, of market: MarketID) throws -> OrderBook {
            if let reason = book.implausibility(now: PlausibleDepth.now()) {
                throw ExchangeError.badResponse("an impossible order book for \(market): \(reason)")
            }
            return book
        }
    }
}
