import AsyncHTTPClient
public import Logging
public import MarketDomain

/// The real client of every exchange: REST over AsyncHTTPClient and the reconnecting WebSocket
/// feed, talking to whichever server of the exchange's dialect it is given (the real exchange or
/// the simulator alike).
public enum ExchangeClient {
    /// A market-data client for a server of `exchange`'s dialect. REST requests keep to the
    /// exchange's rate limit and retry its refusals for up to `rateLimitPatience` in all.
    public static func make(
        _ exchange: Exchange, server: ExchangeServer, backoff: ReconnectBackoff = ReconnectBackoff(),
        health: FeedHealth = FeedHealth(), rateLimitPatience: Duration = .seconds(60), logger: Logger? = nil
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
        var operations: Operations
        let dialect: FeedProtocol
        let orderBook: @Sendable (MarketID) async throws -> OrderBook
        let trades: @Sendable (MarketID, Int) async throws -> [Trade]
        let tradesAfter: @Sendable (MarketID, Trade) async throws -> [Trade]
        switch exchange {
        case .upbit:
            let rest = UpbitRESTClient(transport: transport)
            operations = Operations(markets: rest.markets, tickers: rest.tickers, candles: rest.dailyCandles)
            orderBook = rest.orderBook
            trades = { id, count in try await rest.trades(id, count: count) }
            tradesAfter = { id, after in try await rest.trades(id, after: after) }
            dialect = .upbit()
        case .bithumb:
            let rest = BithumbRESTClient(transport: transport)
            operations = Operations(markets: rest.markets, tickers: rest.tickers, candles: rest.dailyCandles)
            orderBook = rest.orderBook
            trades = { id, count in try await rest.trades(id, count: count) }
            tradesAfter = { id, after in try await rest.trades(id, after: after) }
            dialect = .bithumb()
        case .korbit:
            let rest = KorbitRESTClient(transport: transport)
            operations = Operations(markets: rest.markets, tickers: rest.tickers, candles: rest.dailyCandles)
            orderBook = rest.orderBook
            trades = rest.trades
            // Korbit serves the latest 500 and no page before them.
            tradesAfter = { id, _ in try await rest.trades(id, count: MarketDataClient.largestTradePage) }
            dialect = .korbit
        case .binance:
            let rest = BinanceRESTClient(transport: transport)
            operations = Operations(markets: rest.markets, tickers: rest.tickers, candles: rest.dailyCandles)
            orderBook = rest.orderBook
            trades = { id, count in try await rest.trades(id, count: count) }
            tradesAfter = { id, after in try await rest.trades(id, after: after) }
            dialect = .binance
        }
        // A REST ticker that cannot be a real market's is dropped too, said once in the log.
        let fetched = operations.tickers
        let tickers: @Sendable ([MarketID]) async throws -> [Ticker] = { ids in
            try await fetched(ids).filter { ticker in
                guard let reason = ticker.implausibility else { return true }
                logger.warning("dropped an impossible ticker for \(ticker.marketID): \(reason)")
                return false
            }
        }
        operations.tickers = tickers
        // So are trades and books that cannot be (a negative or infinite price or size, a time far
        // ahead): no output, tape or 체결강도 shows them.
        let fetchedTrades = trades
        let checkedTrades: @Sendable (MarketID, Int) async throws -> [Trade] = { market, count in
            try await fetchedTrades(market, count).filter { PlausibleDepth.keeps($0, logger: logger) }
        }
        let checkedTradesAfter: @Sendable (MarketID, Trade) async throws -> [Trade] = { market, after in
            try await tradesAfter(market, after).filter { PlausibleDepth.keeps($0, logger: logger) }
        }
        let fetchedBook = orderBook
        let checkedBook: @Sendable (MarketID) async throws -> OrderBook = { market in
            let book = try await fetchedBook(market)
            if let reason = book.implausibility(now: PlausibleDepth.now()) {
                throw ExchangeError.badResponse("an impossible order book for \(market): \(reason)")
            }
            return book
        }
        let feed = ReconnectingFeed(
            connector: .webSocket(url: server.webSocketURL, logger: logger), dialect: dialect,
            fetchSnapshot: operations.tickers, backoff: backoff, health: health, clock: ContinuousClock(),
            logger: logger)
        return MarketDataClient(
            exchange: exchange,
            fetchMarkets: operations.markets,
            fetchTickers: operations.tickers,
            fetchDailyCandles: operations.candles,
            liveTickers: { feed.events(for: $0) },
            fetchOrderBook: checkedBook,
            fetchTrades: checkedTrades,
            fetchTradesAfter: checkedTradesAfter,
            liveDepth: { market in
                let events = feed.depthEvents(for: market) { market in
                    async let book = checkedBook(market)
                    async let tape = checkedTrades(market, MarketDepth.firstPaintTrades)
                    return try await (book, tape)
                }
                return DepthGapFilling.events(events) {
                    try await checkedTrades(market, MarketDepth.firstPaintTrades)
                }
            }
        )
    }

    /// One exchange's REST operations.
    private struct Operations: Sendable {
        var markets: @Sendable () async throws -> [Market]
        var tickers: @Sendable ([MarketID]) async throws -> [Ticker]
        var candles: @Sendable (MarketID, Int) async throws -> [Candle]
    }
}
