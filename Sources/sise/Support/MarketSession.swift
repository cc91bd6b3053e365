import ExchangeSimulator
import ExchangeWire
import Exchanges
import Foundation
import Logging
import MarketDomain
import MarketFeatures
import MarketStore

/// Sets up the exchange clients a command talks to: the embedded simulator (started on ephemeral
/// loopback ports and stopped afterwards), the real exchanges, or given servers. Korbit's and
/// Binance's markets get Korean names from the shared coin-name table.
enum MarketSession {
    /// Runs `body` with a client of the chosen exchange.
    static func run<Result: Sendable>(
        _ options: ExchangeOptions, store: PreferenceStore? = nil, _ body: (MarketDataClient) async throws -> Result
    ) async throws -> Result {
        try await run(options, exchanges: [options.exchange], store: store) { clients in
            guard let client = clients[options.exchange] else {
                throw ExchangeError.unavailable("no client for \(options.exchange.rawValue)")
            }
            return try await body(client)
        }
    }

    /// Runs `body` with clients of several exchanges at once (the compare view).
    static func run<Result: Sendable>(
        _ options: ExchangeOptions, exchanges: [Exchange], store: PreferenceStore? = nil,
        _ body: ([Exchange: MarketDataClient]) async throws -> Result
    ) async throws -> Result {
        try await run(options, exchanges: exchanges, store: store, stocks: nil, limits: StockOptions()) {
            clients, _, _ in try await body(clients)
        }
    }

    /// Runs `body` with clients of several exchanges and, when `stocks` is given, that stock source
    /// on the same simulator (the terminal app; the `simulator` made ahead when given). With
    /// `--live` and no KIS keys, Yahoo stands in for KIS and the context says why. The live feeds
    /// read their sockets at most once every `feedReadPacing` when one is given (a screen's).
    static func run<Result: Sendable>(
        _ options: ExchangeOptions, exchanges: [Exchange], store: PreferenceStore?, stocks: StockSource?,
        limits: StockOptions, listStore: MarketStore? = nil, simulator: EmbeddedSimulator.Prepared? = nil,
        feedReadPacing: Duration? = nil,
        _ body: ([Exchange: MarketDataClient], StockSession.Context?, ServiceServers) async throws -> Result
    ) async throws -> Result {
        var logger = Logger(label: "sise")
        logger.logLevel = options.verbose ? .info : .error
        // Under --live the KRX list comes from KIS's master files, fetched at most once a day.
        let directory: StockDirectory?
        if stocks == nil {
            directory = nil
        } else if options.live {
            directory = try await StockCatalog.liveDirectory(masterBaseURL: KISMasterFile.liveHost, store: listStore).0
        } else {
            directory = try StockCatalog.directory()
        }
        func stockContext(baseURL: String?, live: Bool, simulated: Bool) -> StockSession.Context? {
            guard let stocks, let directory else { return nil }
            return StockSession.context(
                stocks, baseURL: baseURL, live: live, simulated: simulated, directory: directory, logger: logger,
                limits: limits)
        }
        if options.live {
            return try await body(
                clients(
                    exchanges, store: store, logger: logger, upbitKeys: UpbitKeyFile.load(),
                    feedReadPacing: feedReadPacing
                ) { .live($0) },
                stockContext(baseURL: nil, live: true, simulated: false), ServiceServers.live)
        }
        if let baseURL = options.baseURL {
            let servers = try Self.servers(baseURL: baseURL, primary: options.exchange)
            let stockBase = stocks.flatMap { source in
                PortShift.shift(
                    servers[.upbit]?.restBaseURL ?? baseURL,
                    by: Exchange.allCases.count + (StockSource.allCases.firstIndex(of: source) ?? 0))
            }
            // The example apps' services follow the stock sources' in `sise simulate`'s order;
            // Dunamu's forex is served beside Upbit.
            var examples = ServiceServers()
            examples.dunamu = servers[.upbit]?.restBaseURL ?? baseURL
            examples.yahoo =
                PortShift.shift(
                    servers[.upbit]?.restBaseURL ?? baseURL,
                    by: Exchange.allCases.count + (StockSource.allCases.firstIndex(of: .yahoo) ?? 0)) ?? baseURL
            for (index, service) in ExampleService.allCases.enumerated() {
                examples.baseURLs[service] = PortShift.shift(
                    servers[.upbit]?.restBaseURL ?? baseURL,
                    by: Exchange.allCases.count + StockSource.allCases.count + index)
            }
            return try await body(
                clients(exchanges, store: store, logger: logger, feedReadPacing: feedReadPacing) { servers[$0] },
                stockContext(baseURL: stockBase, live: false, simulated: false), examples)
        }
        return try await EmbeddedSimulator.run(options, prepared: simulator) { running in
            try await body(
                clients(exchanges, store: store, logger: logger, feedReadPacing: feedReadPacing) { exchange in
                    ExchangeServer(
                        restBaseURL: running.restBaseURL(for: exchange),
                        webSocketURL: running.webSocketURL(for: exchange))
                },
                stockContext(baseURL: stocks.map { running.baseURL(for: $0) }, live: false, simulated: true),
                ServiceServers(
                    baseURLs: Dictionary(
                        uniqueKeysWithValues: ExampleService.allCases.map { ($0, running.baseURL(for: $0)) }),
                    dunamu: running.restBaseURL(for: .upbit), yahoo: running.baseURL(for: .yahoo)))
        }
    }

    /// Where the services beside the exchanges are for this session (the example apps' and the
    /// USD/KRW quote's): the real hosts, the embedded simulator's ports, or those after a
    /// `--base-url`'s (Dunamu's forex beside Upbit, as the simulator serves it).
    struct ServiceServers: Sendable {
        var baseURLs: [ExampleService: String] = [:]
        /// Dunamu's forex quote and Yahoo's `KRW=X` chart.
        var dunamu = DunamuForexEndpoint.liveBaseURL
        var yahoo = YahooClient.liveBaseURL

        static var live: ServiceServers {
            ServiceServers(
                baseURLs: Dictionary(uniqueKeysWithValues: ExampleService.allCases.map { ($0, $0.liveBaseURL) }))
        }

        /// The USD/KRW client of these servers.
        func forex(logger: Logger) -> ForexClient {
            ForexClient.make(dunamuBaseURL: dunamu, yahooBaseURL: yahoo, logger: logger)
        }
    }

    /// Runs `body` with clients of several exchanges and the USD/KRW client (the premium).
    static func runWithForex<Result: Sendable>(
        _ options: ExchangeOptions, exchanges: [Exchange], store: PreferenceStore? = nil,
        _ body: ([Exchange: MarketDataClient], ForexClient) async throws -> Result
    ) async throws -> Result {
        var logger = Logger(label: "sise.forex")
        logger.logLevel = options.verbose ? .info : .error
        return try await run(options, exchanges: exchanges, store: store, stocks: nil, limits: StockOptions()) {
            clients, _, services in try await body(clients, services.forex(logger: logger))
        }
    }

    /// The servers behind one `--base-url`: the chosen exchange there, and the others on the
    /// following ports in `sise simulate`'s order (Upbit, Bithumb, Korbit, Binance).
    static func servers(baseURL: String, primary: Exchange) throws -> [Exchange: ExchangeServer] {
        guard let base = ExchangeServer(baseURL: baseURL, exchange: primary) else {
            throw ExchangeError.badRequest("--base-url must be an http:// or https:// URL with a host")
        }
        let order = Exchange.allCases
        let primaryIndex = order.firstIndex(of: primary) ?? 0
        var servers: [Exchange: ExchangeServer] = [primary: base]
        for (index, exchange) in order.enumerated() where exchange != primary {
            if let shifted = PortShift.shift(base.restBaseURL, by: index - primaryIndex),
                let server = ExchangeServer(baseURL: shifted, exchange: exchange)
            {
                servers[exchange] = server
            }
        }
        return servers
    }

    /// Each exchange's client; Korbit and Binance named from Upbit and Bithumb. Upbit's signs
    /// its keyed requests with `upbitKeys` (the simulator's own pair unless told otherwise).
    private static func clients(
        _ exchanges: [Exchange], store: PreferenceStore?, logger: Logger, upbitKeys: UpbitKeys? = .simulated,
        feedReadPacing: Duration? = nil, server: (Exchange) -> ExchangeServer?
    ) -> [Exchange: MarketDataClient] {
        var clients: [Exchange: MarketDataClient] = [:]
        func client(_ exchange: Exchange) -> MarketDataClient? {
            server(exchange).map {
                ExchangeClient.make(
                    exchange, server: $0, logger: logger, upbitKeys: upbitKeys, feedReadPacing: feedReadPacing)
            }
        }
        let sources = [Exchange.upbit, .bithumb].compactMap { client($0)?.fetchMarkets }
        for exchange in exchanges {
            guard let made = client(exchange) else { continue }
            switch exchange {
            case .upbit, .bithumb: clients[exchange] = made
            case .korbit, .binance: clients[exchange] = CoinNaming.naming(made, from: sources, store: store)
            }
        }
        return clients
    }
}

/// Moves a URL's port by an offset: `http://127.0.0.1:8080` by 2 is `http://127.0.0.1:8082`.
enum PortShift {
    static func shift(_ url: String, by offset: Int) -> String? {
        guard offset != 0 else { return url }
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let afterScheme = url[schemeEnd.upperBound...]
        let hostPort = afterScheme.prefix { $0 != "/" }
        let rest = afterScheme.dropFirst(hostPort.count)
        guard let colon = hostPort.lastIndex(of: ":"), let port = Int(hostPort[hostPort.index(after: colon)...]),
            (1...65535).contains(port + offset)
        else { return nil }
        return url[..<schemeEnd.upperBound] + hostPort[..<colon] + ":\(port + offset)" + rest
    }
}
