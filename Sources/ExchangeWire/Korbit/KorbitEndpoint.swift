public import MarketDomain

/// Korbit's v2 public API paths and parameters (exchange-apis.md §3), written once for the client
/// and the simulator.
public enum KorbitEndpoint {
    /// `GET /v2/currencyPairs`: every pair with its status.
    public static let currencyPairs = "/v2/currencyPairs"
    /// `GET /v2/currencies`: every currency with its English full name (the only names Korbit has).
    public static let currencies = "/v2/currencies"
    /// `GET /v2/tickers?symbol=btc_krw,eth_krw`: tickers; every pair without `symbol`.
    public static let tickers = "/v2/tickers"
    /// `GET /v2/candles?symbol=btc_krw&interval=1D&limit=200&end=…`: candles, oldest first.
    public static let candles = "/v2/candles"
    /// `GET /v2/orderbook?symbol=btc_krw`: one pair's book, at most 30 levels a side.
    public static let orderbook = "/v2/orderbook"
    /// `GET /v2/trades?symbol=btc_krw&limit=50`: recent trades, newest first (`limit` 1…500).
    public static let trades = "/v2/trades"
    /// `GET /v2/time`.
    public static let time = "/v2/time"
    /// The public WebSocket path (on `ws-api.korbit.co.kr`).
    public static let webSocket = "/v2/public"

    /// The most candles one request returns (and the largest `limit`).
    public static let maxCandleCount = 200
    /// The daily interval.
    public static let dailyInterval = "1D"

    /// The `interval` values of `/v2/candles` and what they mean (§3.4).
    public static let candleIntervals: [(text: String, interval: CandleInterval)] = [
        ("1", .minute), ("5", .fiveMinutes), ("15", .fifteenMinutes), ("30", .thirtyMinutes), ("60", .hour),
        ("240", .fourHours), ("1D", .day), ("1W", .week),
    ]

    /// The interval an `interval` value names; `nil` for one Korbit does not offer.
    public static func candleInterval(_ text: String) -> CandleInterval? {
        candleIntervals.first { $0.text == text }?.interval
    }

    /// The `interval` value of `interval`; `nil` where Korbit has none.
    public static func intervalText(_ interval: CandleInterval) -> String? {
        candleIntervals.first { $0.interval == interval }?.text
    }

    /// The query parameter names.
    public enum Parameter {
        public static let symbol = "symbol"
        public static let interval = "interval"
        public static let limit = "limit"
        public static let start = "start"
        public static let end = "end"
    }

    /// Korbit's symbol for a market: `KRW-BTC` is `btc_krw`.
    public static func symbol(base: String, quote: String) -> String {
        "\(base.lowercased())_\(quote.lowercased())"
    }
}
