import ArgumentParser
import ExchangeSimulator
import HeadlessOutput
import Logging
import MarketDomain

/// `sise simulate`: the simulated market alone, for other clients.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run the simulated exchanges alone (Upbit, Bithumb, Korbit and Binance dialects) until Ctrl-C.",
        discussion: """
            Each dialect serves the exchange's own paths at the root of its own port: Upbit on --port, \
            then Bithumb, Korbit and Binance on the next three. `--base-url http://127.0.0.1:PORT` \
            on any command points at them (the other exchanges follow on the next ports).
            """)

    @Option(
        parsing: .unconditional,
        help: "Upbit's port; Bithumb, Korbit, Binance, KIS and Yahoo take the next five (0 picks free ones).")
    var port = 8080

    @Option(
        parsing: .unconditional,
        help: "How many KRW markets to list: the 408 real ones first, then generated ones (KRW-SYN1…), up to 10000.")
    var markets = 408

    @Option(
        parsing: .unconditional,
        help:
            "Trades per second over all markets: ~100 is a calm market; 0 is a firehose, as fast as clients take them.")
    var rate = 100.0

    @Option(parsing: .unconditional, help: "The random seed; the same seed gives the same market.")
    var seed: UInt64 = 1

    @Option(
        parsing: .unconditional,
        help: "REST requests per second allowed per rate-limit group (Upbit allows 10); 0 for no limit.")
    var restLimit = 10

    @Option(help: "The address to bind. Loopback by default; anything else exposes the server.")
    var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: "Fault: milliseconds of latency added before every REST answer.")
    var latency = 0

    @Option(
        parsing: .unconditional,
        help: "Fault: the fraction (0–1) of REST requests refused as each exchange refuses over its limit.")
    var errorRate = 0.0

    @Option(parsing: .unconditional, help: "Fault: drop every WebSocket connection every this many seconds.")
    var dropEvery: Double?

    @Option(
        name: .customLong("pump"),
        help: ArgumentHelp(
            "A scripted move, MARKET:PCT:SECONDS: from the start that market climbs (or falls) PCT % over SECONDS on every exchange that lists it, e.g. KRW-XRP:+12:300. Repeat for more.",
            valueName: "move"))
    var pumps: [String] = []

    /// The scripted moves `--pump` names.
    var moves: [ScriptedMove] { pumps.compactMap { ScriptedMove($0) } }

    @Option(
        name: .customLong("suspend"),
        help: ArgumentHelp(
            "A coin whose withdrawals Bithumb suspends from the start (its assetsstatus says 0), e.g. XRP. Repeat for more.",
            valueName: "coin"))
    var suspensions: [String] = []

    func validate() throws {
        guard port == 0 || (1...65528).contains(port) else {
            throw ValidationError("--port must be 0 or between 1 and 65528 (eight ports are used).")
        }
        guard (1...SimulatorConfiguration.maximumMarketCount).contains(markets) else {
            throw ValidationError("--markets must be between 1 and \(SimulatorConfiguration.maximumMarketCount).")
        }
        guard rate >= 0, rate.isFinite, rate <= 1_000_000 else {
            throw ValidationError("--rate must be between 0 and 1000000.")
        }
        guard restLimit >= 0 else { throw ValidationError("--rest-limit must be 0 or more.") }
        guard (0...60_000).contains(latency) else { throw ValidationError("--latency must be 0–60000 ms.") }
        guard (0...1).contains(errorRate) else { throw ValidationError("--error-rate must be between 0 and 1.") }
        try SecondsFlag.validate(dropEvery, flag: "--drop-every", minimum: 0.1)
        for pump in pumps where ScriptedMove(pump) == nil {
            throw ValidationError(
                "--pump '\(DisplayWidth.sanitized(pump))' is not MARKET:PCT:SECONDS like KRW-XRP:+12:300.")
        }
    }

    func run() async throws {
        var logger = Logger(label: "sise.simulate")
        logger.logLevel = .warning
        var configuration = SimulatorConfiguration(
            port: port, host: host, marketCount: markets, ticksPerSecond: rate, seed: seed,
            restRequestsPerSecond: restLimit == 0 ? nil : restLimit,
            faults: SimulatorFaults(
                latency: .milliseconds(latency), errorRate: errorRate,
                dropInterval: dropEvery.map { SecondsFlag.duration($0) }))
        configuration.moves = moves
        configuration.suspensions = Set(suspensions.map { $0.uppercased() })
        let simulator: ExchangeSimulator
        do {
            simulator = try ExchangeSimulator(configuration: configuration, logger: logger)
        } catch {
            throw CommandFailure.exit(for: error)
        }
        let host = host
        let count = simulator.market.markets.count
        let stocks = simulator.stocks.stocks.count
        let rate = rate
        do {
            // Ctrl-C (or SIGTERM) shuts the servers down gracefully.
            try await simulator.run(stopsOnInterrupt: true) { ports in
                for exchange in Exchange.allCases {
                    let port = ports.exchanges[exchange] ?? 0
                    let sockets = RunningSimulator.webSocketPaths(exchange).map { "ws://\(host):\(port)\($0)" }
                    StandardError.writeLine(
                        "sise simulate: \(exchange.displayName) on http://\(host):\(port) "
                            + "(WebSocket \(sockets.joined(separator: ", ")))")
                }
                for source in StockSource.allCases {
                    StandardError.writeLine(
                        "sise simulate: \(source.displayName) (stocks) on http://\(host):\(ports.stocks[source] ?? 0)"
                    )
                }
                for service in ExampleService.allCases {
                    StandardError.writeLine(
                        "sise simulate: \(service.displayName) (example apps) on http://\(host):\(ports.examples[service] ?? 0)"
                    )
                }
                StandardError.writeLine(
                    "sise simulate: \(count) coins, \(stocks) stocks, "
                        + (rate == 0 ? "trading as fast as clients take it" : "\(rate) trades/s")
                        + ". Ctrl-C stops.")
            }
        } catch {
            throw CommandFailure.exit(for: ExchangeError.unavailable("the simulator could not serve: \(error)"))
        }
    }
}
