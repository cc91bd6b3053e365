public import MarketDomain

/// Binance spot's public paths and parameters (exchange-apis.md §4), written once for the client
/// and the simulator.
public enum BinanceEndpoint {
    /// `GET /api/v3/exchangeInfo`: every symbol with its base and quote asset (no names).
    public static let exchangeInfo = "/api/v3/exchangeInfo"
    /// `GET /api/v3/ticker/24hr`: one symbol (`symbol=`), several (`symbols=["A","B"]`) or all.
    public static let ticker24h = "/api/v3/ticker/24hr"
    /// `GET /api/v3/klines?symbol=BTCUSDT&interval=1d&limit=1000`: candles, oldest first.
    public static let klines = "/api/v3/klines"
    /// `GET /api/v3/depth?symbol=BTCUSDT&limit=100`: one symbol's order book, `limit` 1…5000.
    public static let depth = "/api/v3/depth"
    /// `GET /api/v3/trades?symbol=BTCUSDT&limit=500`: recent trades, oldest first (`limit` 1…1000).
    public static let trades = "/api/v3/trades"
    /// `GET /api/v3/historicalTrades?symbol=BTCUSDT&fromId=28457&limit=500`: trades from `fromId`
    /// on, oldest first (`limit` 1…1000; without `fromId`, the most recent).
    public static let historicalTrades = "/api/v3/historicalTrades"
    /// The most trades one `trades` or `historicalTrades` request returns.
    public static let maxTradeCount = 1000
    /// The raw-stream WebSocket path (on `stream.binance.com:9443`); subscribe with a message, or
    /// name one stream in the path (`/ws/btcusdt@ticker`).
    public static let webSocket = "/ws"
    /// The combined-stream path: `/stream?streams=btcusdt@ticker/ethusdt@trade`, each event wrapped
    /// as `{"stream":…,"data":…}`.
    public static let combinedStream = "/stream"
    /// `GET /api/v3/ping`: `{}`.
    public static let ping = "/api/v3/ping"
    /// `GET /api/v3/time`: `{"serverTime":…}`.
    public static let time = "/api/v3/time"
    /// `GET /api/v3/ticker/price`: one symbol's last price, several or all.
    public static let priceTicker = "/api/v3/ticker/price"
    /// `GET /api/v3/ticker/bookTicker`: one symbol's best bid and ask, several or all.
    public static let bookTicker = "/api/v3/ticker/bookTicker"
    /// `GET /api/v3/aggTrades?symbol=BTCUSDT&limit=500`: aggregate trades, oldest first.
    public static let aggregateTrades = "/api/v3/aggTrades"

    /// The most klines one request returns.
    public static let maxKlineCount = 1000
    /// The daily interval.
    public static let dailyInterval = "1d"

    /// The interval a kline `interval` names (`1s`, `1m`, … `4h`, `1d`, `1w`, `1M`); `nil` for
    /// one Sise does not read (Binance has no `10m`; its `2h`, `6h`, `8h`, `12h` and `3d` are not
    /// read here).
    public static func klineInterval(_ text: String) -> CandleInterval? {
        guard let interval = CandleInterval(rawValue: text), interval != .tenMinutes else { return nil }
        return interval
    }
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
        public static let fromID = "fromId"
    }

    /// The weight header on every reply, for the documented window of one minute.
    public static let usedWeightHeader = "X-MBX-USED-WEIGHT-1M"

    /// The documented `REQUEST_WEIGHT` limit: 6,000 a minute per IP (§4.1).
    public static let documentedWeightLimit = 6_000

    /// The used-weight header of a window: `X-MBX-USED-WEIGHT-1M` for one minute, `-10S` for ten
    /// seconds (Binance names the header after the `rateLimits` entry's `intervalNum` and `interval`).
    public static func usedWeightHeader(windowSeconds: Int) -> String {
        if windowSeconds % 86_400 == 0 { return "X-MBX-USED-WEIGHT-\(windowSeconds / 86_400)D" }
        if windowSeconds % 3_600 == 0 { return "X-MBX-USED-WEIGHT-\(windowSeconds / 3_600)H" }
        if windowSeconds % 60 == 0 { return "X-MBX-USED-WEIGHT-\(windowSeconds / 60)M" }
        return "X-MBX-USED-WEIGHT-\(windowSeconds)S"
    }

    /// The window, in seconds, a used-weight header names (`X-MBX-USED-WEIGHT-1M` → 60), or `nil`
    /// when `header` is not one.
    public static func usedWeightWindow(header: String) -> Int? {
        let prefix = "x-mbx-used-weight-"
        let name = header.lowercased()
        guard name.hasPrefix(prefix) else { return nil }
        let suffix = name.dropFirst(prefix.count)
        guard let unit = suffix.last, let count = Int(suffix.dropLast()), count > 0 else { return nil }
        switch unit {
        case "s": return count
        case "m": return count * 60
        case "h": return count * 3_600
        case "d": return count * 86_400
        default: return nil
        }
    }

    /// The weight of a request (§4.1; the figures changed between doc versions, these are the
    /// current ones): 24h tickers 2 for one to 20 symbols, 40 for 21 to 100, 80 for more or for
    /// all; klines 2; exchange info 20; recent and historical trades 25; anything else 1. `symbols` is the `symbols=` list's length,
    /// 1 for `symbol=`, `nil` for neither.
    public static func requestWeight(path: String, symbols: Int?) -> Int {
        switch path {
        case ticker24h:
            guard let symbols else { return 80 }
            return symbols <= 20 ? 2 : symbols <= 100 ? 40 : 80
        case klines: return 2
        case exchangeInfo: return 20
        case trades, historicalTrades: return 25
        default: return 1
        }
    }

    /// How many symbols a query names: the length of the `symbols=` JSON array (its quoted
    /// entries), 1 for `symbol=`, `nil` for neither.
    public static func symbolCount(symbol: String?, symbols: String?) -> Int? {
        if let symbols { return max(1, symbols.split(separator: "\"").count / 2) }
        return symbol == nil ? nil : 1
    }

    /// The stream name of a symbol's 24h ticker: `btcusdt@ticker`.
    public static func tickerStream(_ symbol: String) -> String { "\(symbol.lowercased())@ticker" }

    /// The levels a partial book stream may hold (`btcusdt@depth20@100ms`).
    public static let partialDepthLevels = [5, 10, 20]

    /// The stream name of a symbol's partial book of `levels` levels, every 100 ms:
    /// `btcusdt@depth20@100ms`.
    public static func partialDepthStream(_ symbol: String, levels: Int) -> String {
        "\(symbol.lowercased())@depth\(levels)@100ms"
    }

    /// The stream name of a symbol's trades: `btcusdt@trade`.
    public static func tradeStream(_ symbol: String) -> String { "\(symbol.lowercased())@trade" }

    /// What a stream name asks for: a symbol's ticker, partial book (of its levels, every 100 ms or
    /// every second) or trades; `nil` for any other name.
    public static func parseStream(_ name: String) -> (symbol: String, kind: StreamKind)? {
        let parts = name.split(separator: "@").map(String.init)
        guard parts.count >= 2, !parts[0].isEmpty else { return nil }
        switch (parts[1], parts.count) {
        case ("ticker", 2): return (parts[0], .ticker)
        case ("miniTicker", 2): return (parts[0], .miniTicker)
        case ("trade", 2): return (parts[0], .trade)
        case ("aggTrade", 2): return (parts[0], .aggregateTrade)
        case ("depth", 2...3):
            guard parts.count == 2 || parts[2] == "100ms" || parts[2] == "1000ms" else { return nil }
            return (parts[0], .diffDepth)
        case (let kline, 2) where kline.hasPrefix("kline_"):
            guard let interval = klineInterval(String(kline.dropFirst("kline_".count))) else { return nil }
            return (parts[0], .kline(interval))
        case (let depth, 2...3) where depth.hasPrefix("depth"):
            guard let levels = Int(depth.dropFirst("depth".count)), partialDepthLevels.contains(levels),
                parts.count == 2 || parts[2] == "100ms" || parts[2] == "1000ms"
            else { return nil }
            return (parts[0], .partialDepth(levels: levels))
        default: return nil
        }
    }

    /// What a stream carries.
    public enum StreamKind: Sendable, Equatable {
        case ticker
        /// `<symbol>@miniTicker`: the last price, open, high, low and volumes of the 24 h.
        case miniTicker
        case trade
        /// `<symbol>@aggTrade`: each trade as an aggregate of one taker at one price.
        case aggregateTrade
        case partialDepth(levels: Int)
        /// `<symbol>@depth`: the levels that changed, each second, chained by update ids.
        case diffDepth
        /// `<symbol>@kline_<interval>`: the candle of the interval as it moves.
        case kline(CandleInterval)
    }
}
