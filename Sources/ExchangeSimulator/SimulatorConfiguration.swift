public import MarketDomain

/// How a simulated market behaves: its size, its pace and its limits.
public struct SimulatorConfiguration: Sendable, Equatable {
    /// The port Upbit's dialect listens on, the others following it (see ``port(for:)``); 0 picks
    /// free ones.
    public var port: Int
    /// The address to bind; loopback unless told otherwise.
    public var host: String
    /// How many KRW markets to list: the catalog's 408 first, then generated ones (`KRW-SYN1`…,
    /// "합성 코인 1") up to ``maximumMarketCount``; anything above that (the default, `Int.max`)
    /// lists exactly the catalog.
    public var marketCount: Int
    /// Trades per second over all markets: ~100 is a calm real market, thousands a busy one;
    /// 0 is a firehose (as fast as the connected clients take them).
    public var ticksPerSecond: Double
    /// The seed of every random draw, so the same seed gives the same market.
    public var seed: UInt64
    /// REST requests allowed per second in each Upbit rate-limit group; `nil` for no limit on any
    /// exchange. The other exchanges keep their own documented limits unless this is `nil`.
    public var restRequestsPerSecond: Int?
    /// Binance's request-weight limit per window, published in `exchangeInfo` and told in
    /// `X-MBX-USED-WEIGHT-…` (exchange-apis.md §4.1): 600 per ``restRequestsPerSecond`` a minute
    /// (the documented 6,000 at the default 10); `nil` for no limit.
    public var binanceRequestWeight: BinanceRequestWeight?
    /// Days of daily candles kept before today.
    public var historyDays: Int
    /// KIS quotation requests admitted per second per app key (18 as on real accounts; 1 as on
    /// mock ones); `nil` for no limit.
    public var kisRequestsPerSecond: Int?
    /// How long a KIS token lives, in seconds.
    public var kisTokenLifetimeSeconds: Int
    /// Yahoo requests admitted per minute before the plain-text 429; `nil` for no limit.
    public var yahooRequestsPerMinute: Int?
    /// Faults to inject (none by default).
    public var faults: SimulatorFaults
    /// Moves played on markets from the start (`--pump`), none by default.
    public var moves: [ScriptedMove] = []
    /// Coins whose withdrawals Bithumb keeps suspended from the start (`--suspend`), beside the
    /// suspensions every venue draws now and then.
    public var suspensions: Set<String> = []

    /// Makes a configuration; the defaults are a calm market of every catalog coin.
    public init(
        port: Int = 0, host: String = "127.0.0.1", marketCount: Int = Int.max, ticksPerSecond: Double = 100,
        seed: UInt64 = 1, restRequestsPerSecond: Int? = 10, historyDays: Int = 400, kisRequestsPerSecond: Int? = 18,
        kisTokenLifetimeSeconds: Int = 86_400, yahooRequestsPerMinute: Int? = 600,
        faults: SimulatorFaults = SimulatorFaults()
    ) {
        self.port = port
        self.host = host
        self.marketCount = marketCount
        self.ticksPerSecond = ticksPerSecond
        self.seed = seed
        self.restRequestsPerSecond = restRequestsPerSecond
        binanceRequestWeight = restRequestsPerSecond.map { BinanceRequestWeight(limit: $0 * 600, windowSeconds: 60) }
        self.historyDays = historyDays
        self.kisRequestsPerSecond = kisRequestsPerSecond
        self.kisTokenLifetimeSeconds = kisTokenLifetimeSeconds
        self.yahooRequestsPerMinute = yahooRequestsPerMinute
        self.faults = faults
    }

    /// The most markets a simulated exchange lists.
    public static let maximumMarketCount = 10_000

    /// Whether the market trades as a firehose (rate 0).
    public var isFirehose: Bool { ticksPerSecond == 0 }

    /// The port a stock source's dialect listens on: KIS on ``port`` + 4, Yahoo on ``port`` + 5;
    /// free ones when ``port`` is 0.
    public func port(for source: StockSource) -> Int {
        guard port != 0 else { return 0 }
        return port + Exchange.allCases.count + (StockSource.allCases.firstIndex(of: source) ?? 0)
    }

    /// The port an example app's service listens on: after the stock sources' (GitHub on
    /// ``port`` + 6, the random numbers + 7); a free one when ``port`` is 0.
    public func port(for service: ExampleService) -> Int {
        guard port != 0 else { return 0 }
        return port + Exchange.allCases.count + StockSource.allCases.count
            + (ExampleService.allCases.firstIndex(of: service) ?? 0)
    }

    /// The port an exchange's dialect listens on: Upbit on ``port``, then Bithumb, Korbit and
    /// Binance on the next three; all free ones when ``port`` is 0.
    public func port(for exchange: Exchange) -> Int {
        guard port != 0 else { return 0 }
        return port + (Exchange.allCases.firstIndex(of: exchange) ?? 0)
    }

    /// REST requests per second an exchange's dialect admits: Upbit's as configured, Bithumb 150
    /// per category, Korbit 50, Binance its request weight per window; none when unlimited.
    public func restLimit(for exchange: Exchange) -> Int? {
        guard let restRequestsPerSecond else { return nil }
        switch exchange {
        case .upbit: return restRequestsPerSecond
        case .bithumb: return 150
        case .korbit: return 50
        case .binance: return binanceRequestWeight?.limit
        }
    }
}

/// A request-weight limit of the simulated Binance: `limit` weight per window of `windowSeconds`.
public struct BinanceRequestWeight: Sendable, Equatable {
    public var limit: Int
    public var windowSeconds: Int

    /// A limit of `limit` weight per `windowSeconds`.
    public init(limit: Int, windowSeconds: Int) {
        self.limit = max(1, limit)
        self.windowSeconds = max(1, windowSeconds)
    }
}
