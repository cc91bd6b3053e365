/// Bithumb's public API paths and parameters (exchange-apis.md §2), written once for the client
/// and the simulator: the Upbit-like v1 API and the legacy `/public` API.
public enum BithumbEndpoint {
    /// `GET /v1/market/all?isDetails=true`: every market with its Korean and English names.
    public static let marketAll = "/v1/market/all"
    /// `GET /v1/ticker?markets=KRW-BTC,KRW-ETH`: at most ``maxTickerBatch`` markets a call.
    public static let ticker = "/v1/ticker"
    /// `GET /v1/candles/days?market=KRW-BTC&count=200&to=…`: daily candles, newest first.
    public static let candlesDays = "/v1/candles/days"
    /// The public v1 WebSocket path (on `ws-api.bithumb.com`).
    public static let webSocket = "/websocket/v1"
    /// Legacy: `GET /public/ticker/ALL_KRW` (or `/public/ticker/BTC_KRW`).
    public static let legacyTickerPrefix = "/public/ticker/"
    /// Legacy: `GET /public/candlestick/BTC_KRW/24h`.
    public static let legacyCandlestickPrefix = "/public/candlestick/"

    /// The most markets one ticker call may name (the 2026-10-13 limit; more gets 400).
    public static let maxTickerBatch = 200
    /// The most candles one request returns.
    public static let maxCandleCount = 200

    /// The v1 query parameter names (camelCase where Bithumb differs from Upbit).
    public enum Parameter {
        public static let isDetails = "isDetails"
        public static let markets = "markets"
        public static let market = "market"
        public static let count = "count"
        public static let to = "to"
    }

    /// The rate-limit headers on every v1 reply.
    public enum RateLimitHeader {
        public static let remaining = "x-ratelimit-remaining"
        public static let requestedTokens = "x-ratelimit-requested-tokens"
        public static let burstCapacity = "x-ratelimit-burst-capacity"
        public static let replenishRate = "x-ratelimit-replenish-rate"
    }
}
