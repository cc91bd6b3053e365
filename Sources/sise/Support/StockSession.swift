import ExchangeSimulator
import ExchangeWire
import Exchanges
import Logging
import MarketDomain
import MarketFeatures
import MarketStore
import StockLists

/// Sets up the stock source a command talks to: the embedded simulated market (KIS and Yahoo on
/// loopback), the real KIS (keys required) or Yahoo, or a given server; with the directory of
/// stock names.
enum StockSession {
    /// What a stock command works with.
    struct Context: Sendable {
        var client: StockDataClient
        var directory: StockDirectory
        /// The source's request limit, for the watchlist loader.
        var requestsPerSecond: Int
        var isSimulated: Bool
        /// Why another source stands in for the one asked (KIS without keys under `--live`).
        var note: String? = nil
    }

    /// The context of a source at a base URL (the real one when `nil`). Under `--live` without KIS
    /// keys, Yahoo stands in and `note` says so.
    static func context(
        _ source: StockSource, baseURL: String?, live: Bool, simulated: Bool, directory: StockDirectory,
        logger: Logger, limits: StockOptions = StockOptions()
    ) -> Context {
        var chosen = source
        var note: String?
        var keys: KISCredentials?
        if source == .kis {
            if !live {
                keys = KISCredentials(appKey: "sise-simulated", appSecret: "sise-simulated")
            } else {
                do {
                    keys = try KISKeys.load()
                } catch {
                    chosen = .yahoo
                    note = "no KIS keys: stocks from Yahoo"
                }
            }
        }
        let client: StockDataClient
        if chosen == .kis, let keys {
            let tokens = live ? tokenFile : .none
            client = KISClient.make(
                baseURL: baseURL ?? (limits.kisMock ? KISClient.mockBaseURL : KISClient.liveBaseURL),
                credentials: keys, tokens: tokens, requestsPerSecond: limits.kisRequestsPerSecond, logger: logger)
        } else {
            let base = chosen == source ? (baseURL ?? YahooClient.liveBaseURL) : YahooClient.liveBaseURL
            client = YahooClient.make(baseURL: base, names: { directory.stock($0) }, logger: logger)
        }
        return Context(
            client: client, directory: directory,
            requestsPerSecond: chosen == .kis ? limits.kisRequestsPerSecond : 4, isSimulated: simulated,
            note: note)
    }

    /// The KIS token kept between runs, beside the default database.
    private static var tokenFile: KISTokenStore {
        KISTokenFile.store(path: KISTokenFile.path(besideDatabase: MarketStore.defaultPath()))
    }

    /// Runs `body` with the chosen source, starting and stopping the embedded simulator when needed.
    static func run<Result: Sendable>(
        _ options: ExchangeOptions, limits: StockOptions = StockOptions(), store: MarketStore? = nil,
        _ body: (Context) async throws -> Result
    ) async throws -> Result {
        let source = try options.requireStockSource()
        var logger = Logger(label: "sise.\(source.rawValue)")
        logger.logLevel = options.verbose ? .info : .error
        // Missing keys are said at once, before anything goes out.
        let liveKeys = options.live && options.baseURL == nil && source == .kis ? try KISKeys.load() : nil
        // Under --live the KRX list comes from KIS's master files, fetched at most once a day.
        let (directory, note) =
            options.live
            ? try await StockCatalog.liveDirectory(masterBaseURL: KISMasterFile.liveHost, store: store)
            : (try StockCatalog.directory(), nil)
        let rate = source == .kis ? limits.kisRequestsPerSecond : 4
        if options.live || options.baseURL != nil {
            let kisBase = limits.kisMock ? KISClient.mockBaseURL : KISClient.liveBaseURL
            let base = options.baseURL ?? (source == .kis ? kisBase : YahooClient.liveBaseURL)
            let client: StockDataClient
            switch source {
            case .kis:
                let keys = try liveKeys ?? KISKeys.load()
                client = KISClient.make(
                    baseURL: base, credentials: keys, tokens: tokenFile,
                    requestsPerSecond: rate, logger: logger)
            case .yahoo:
                client = YahooClient.make(baseURL: base, names: { directory.stock($0) }, logger: logger)
            }
            return try await body(
                Context(client: client, directory: directory, requestsPerSecond: rate, isSimulated: false, note: note))
        }
        // The simulated KIS admits what the chosen domain would: 18 a second, or 1 for mock trading.
        return try await EmbeddedSimulator.run(options, kisRequestsPerSecond: limits.kisMock ? 1 : 18) { running in
            try await body(
                context(
                    source, baseURL: running.baseURL(for: source), live: false, simulated: true, directory: directory,
                    logger: logger, limits: limits))
        }
    }
}
