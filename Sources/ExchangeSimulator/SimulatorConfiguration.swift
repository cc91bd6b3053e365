public import MarketDomain

/// How a simulated market behaves: its size, its pace and its limits.
public struct SimulatorConfiguration: Sendable, Equatable {
    /// The port Upbit's dialect listens on, the others following it (see ``port(for:)``); 0 picks
    /// free ones.
    public var port: Int
    /// The address to bind; loopback unless told otherwise.
    public var host: String
    /// How many KRW markets to list (at most the catalog's 408).
    public var marketCount: Int
    /// Trades per second over all markets: ~100 is a calm real market, thousands a firehose.
    public var ticksPerSecond: Double
    /// The seed of every random draw, so the same seed gives the same market.
    public var seed: UInt64
    /// REST requests allowed per second in each Upbit rate-limit group; `nil` for no limit on any
    /// exchange. The other exchanges keep their own documented limits unless this is `nil`.
    public var restRequestsPerSecond: Int?
    /// Days of daily candles kept before today.
    public var historyDays: Int

    /// Makes a configuration; the defaults are a calm market of every catalog coin.
    public init(
        port: Int = 0, host: String = "127.0.0.1", marketCount: Int = Int.max, ticksPerSecond: Double = 100,
        seed: UInt64 = 1, restRequestsPerSecond: Int? = 10, historyDays: Int = 400
    ) {
        self.port = port
        self.host = host
        self.marketCount = marketCount
        self.ticksPerSecond = ticksPerSecond
        self.seed = seed
        self.restRequestsPerSecond = restRequestsPerSecond
        self.historyDays = historyDays
    }

    /// The port an exchange's dialect listens on: Upbit on ``port``, then Bithumb, Korbit and
    /// Binance on the next three; all free ones when ``port`` is 0.
    public func port(for exchange: Exchange) -> Int {
        guard port != 0 else { return 0 }
        return port + (Exchange.allCases.firstIndex(of: exchange) ?? 0)
    }

    /// REST requests per second an exchange's dialect admits: Upbit's as configured, Bithumb 150
    /// per category, Korbit 50, Binance about its 6000 weight a minute; none when unlimited.
    public func restLimit(for exchange: Exchange) -> Int? {
        guard let restRequestsPerSecond else { return nil }
        switch exchange {
        case .upbit: return restRequestsPerSecond
        case .bithumb: return 150
        case .korbit: return 50
        case .binance: return 100
        }
    }
}
