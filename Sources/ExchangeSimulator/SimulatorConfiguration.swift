/// How a simulated market behaves: its size, its pace and its limits.
public struct SimulatorConfiguration: Sendable, Equatable {
    /// The port to listen on; 0 picks a free one.
    public var port: Int
    /// The address to bind; loopback unless told otherwise.
    public var host: String
    /// How many KRW markets to list (at most the catalog's 408).
    public var marketCount: Int
    /// Trades per second over all markets: ~100 is a calm real market, thousands a firehose.
    public var ticksPerSecond: Double
    /// The seed of every random draw, so the same seed gives the same market.
    public var seed: UInt64
    /// REST requests allowed per second in each Upbit rate-limit group; `nil` for no limit.
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
}
