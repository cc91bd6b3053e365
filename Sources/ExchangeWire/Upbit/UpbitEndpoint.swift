public import MarketDomain

/// The Upbit quotation API's paths and parameters, written once for the client and the simulator.
public enum UpbitEndpoint {
    /// `GET /v1/market/all?is_details=true`: every market with its names.
    public static let marketAll = "/v1/market/all"
    /// `GET /v1/ticker?markets=KRW-BTC,KRW-ETH`: tickers of the listed markets.
    public static let ticker = "/v1/ticker"
    /// `GET /v1/ticker/all?quote_currencies=KRW`: tickers of every market of these quotes.
    public static let tickerAll = "/v1/ticker/all"
    /// `GET /v1/candles/days?market=KRW-BTC&count=200&to=…`: daily candles, newest first.
    public static let candlesDays = "/v1/candles/days"
    /// `GET /v1/candles/seconds?market=KRW-BTC&count=200&to=…`: one-second candles, newest first.
    public static let candlesSeconds = "/v1/candles/seconds"
    /// `GET /v1/candles/minutes/5?market=KRW-BTC&count=200&to=…`: minute candles of a unit.
    public static let candlesMinutes = "/v1/candles/minutes/:unit"
    /// `GET /v1/candles/weeks`: weekly candles, from Monday (`first_day_of_period`).
    public static let candlesWeeks = "/v1/candles/weeks"
    /// `GET /v1/candles/months`: monthly candles.
    public static let candlesMonths = "/v1/candles/months"
    /// The units of `/v1/candles/minutes/{unit}`.
    public static let minuteUnits = [1, 3, 5, 10, 15, 30, 60, 240]

    /// The path of `interval`'s candles; `nil` where Upbit has none.
    public static func candlesPath(_ interval: CandleInterval) -> String? {
        switch interval {
        case .second: candlesSeconds
        case .day: candlesDays
        case .week: candlesWeeks
        case .month: candlesMonths
        default: interval.minutes.map { "/v1/candles/minutes/\($0)" }
        }
    }

    /// `GET /v1/orderbook?markets=KRW-BTC`: the order book of each listed market (Bithumb's v1
    /// answers the same).
    public static let orderbook = "/v1/orderbook"
    /// `GET /v1/trades/ticks?market=KRW-BTC&count=50`: recent trades, newest first (Bithumb's v1
    /// answers the same).
    public static let tradesTicks = "/v1/trades/ticks"
    /// The quote currencies of the market groups (KRW, BTC and USDT 마켓; Bithumb's v1 the same).
    public static let quoteGroups = ["KRW", "BTC", "USDT"]

    /// The most trades one request returns.
    public static let maxTradeCount = 500
    /// The public WebSocket path.
    public static let webSocket = "/websocket/v1"

    /// The levels a side of a REST order book holds (`orderbook_units`: 1호가 … 15호가).
    public static let orderbookDepth = 15

    /// The depths a WebSocket `orderbook` code may ask for with its suffix (`KRW-BTC.15`); any
    /// other suffix gets the default, the last of these (docs.upbit.com, changed 2025-07-02).
    public static let streamOrderbookDepths = [1, 5, 15, 30]

    /// A WebSocket `orderbook` code asking for `depth` levels: `KRW-BTC.15`.
    public static func orderbookCode(_ market: MarketID, depth: Int) -> String { "\(market.rawValue).\(depth)" }

    /// The market and the depth asked for by a WebSocket `orderbook` code (`KRW-BTC`, `KRW-BTC.5`);
    /// `nil` depth when the code carries none or one the server does not offer; `nil` when the code
    /// names no market.
    public static func parseOrderbookCode(_ code: String) -> (market: MarketID, depth: Int?)? {
        let parts = code.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let market = MarketID(String(parts[0])) else { return nil }
        guard parts.count == 2 else { return (market, nil) }
        let depth = Int(parts[1]).flatMap { streamOrderbookDepths.contains($0) ? $0 : nil }
        return (market, depth)
    }

    /// The most candles one request returns.
    public static let maxCandleCount = 200

    /// The query parameter names.
    public enum Parameter {
        public static let isDetails = "is_details"
        public static let markets = "markets"
        public static let quoteCurrencies = "quote_currencies"
        public static let market = "market"
        public static let count = "count"
        /// `/v1/trades/ticks`: the trades before this `sequential_id` (paging back).
        public static let cursor = "cursor"
        public static let to = "to"
        /// `/v1/orderbook`: the grouping unit of the prices (호가 모아보기, KRW markets).
        public static let level = "level"
    }

    /// `GET /v1/orderbook/supported_levels?markets=KRW-BTC`: the grouping units each market takes.
    public static let orderbookSupportedLevels = "/v1/orderbook/supported_levels"
    /// The most levels a side of a REST order book holds (30 since 2025; `count` asks for fewer).
    public static let maxOrderbookCount = 30

    /// The grouping units a KRW market at `price` takes: 0 (its own tick) and ten, a hundred, …
    /// a hundred thousand of its ticks; other markets take 0 only.
    public static func supportedLevels(of market: MarketID, price: Double) -> [Double] {
        [0] + OrderBook.groupingUnits(quote: market.quote, price: price)
    }

    /// The rate-limit header on every reply: `group=ticker; min=1800; sec=29`.
    public static let remainingRequestHeader = "Remaining-Req"

    /// The text frame a client sends to check the socket; the server answers `{"status":"UP"}`.
    public static let pingText = "PING"
}
