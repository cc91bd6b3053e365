/// Binance spot's public paths and parameters (exchange-apis.md §4), written once for the client
/// and the simulator.
public enum BinanceEndpoint {
    /// `GET /api/v3/exchangeInfo`: every symbol with its base and quote asset (no names).
    public static let exchangeInfo = "/api/v3/exchangeInfo"
    /// `GET /api/v3/ticker/24hr`: one symbol (`symbol=`), several (`symbols=["A","B"]`) or all.
    public static let ticker24h = "/api/v3/ticker/24hr"
    /// `GET /api/v3/klines?symbol=BTCUSDT&interval=1d&limit=1000`: candles, oldest first.
    public static let klines = "/api/v3/klines"
    /// The raw-stream WebSocket path (on `stream.binance.com:9443`); subscribe with a message.
    public static let webSocket = "/ws"

    /// The most klines one request returns.
    public static let maxKlineCount = 1000
    /// The daily interval.
    public static let dailyInterval = "1d"
    /// The most streams one connection may hold.
    public static let maxStreamsPerConnection = 1024

    /// The query parameter names.
    public enum Parameter {
        public static let symbol = "symbol"
        public static let symbols = "symbols"
        public static let interval = "interval"
        public static let limit = "limit"
        public static let startTime = "startTime"
        public static let endTime = "endTime"
    }

    /// The weight header on every reply.
    public static let usedWeightHeader = "X-MBX-USED-WEIGHT-1M"

    /// The stream name of a symbol's 24h ticker: `btcusdt@ticker`.
    public static func tickerStream(_ symbol: String) -> String { "\(symbol.lowercased())@ticker" }
}
