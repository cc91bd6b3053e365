import ArgumentParser
import ExchangeSimulator
import Exchanges
import Foundation
import HeadlessOutput
import Logging
import MarketDomain
import MarketFeatures
import StockLists

/// `sise bench watchlist`: a watchlist of KIS stocks filled against the simulator at its limit
/// (18 requests a second by default): the time to the first row and to all rows, and the request
/// rate achieved as a fraction of the limit, with the refusals (`EGW00201`) counted.
struct WatchlistBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watchlist", abstract: "Fill a KIS watchlist against the simulator at its rate limit.")

    @Option(parsing: .unconditional, help: "Stocks in the watchlist (KRX stocks of the shipped list, at most 300).")
    var stocks = 100

    @Option(parsing: .unconditional, help: "The source's limit in requests a second (KIS real accounts: 18).")
    var limit = 18

    @Option(parsing: .unconditional, help: "Stocks in flight at once.")
    var inFlight = 4

    func validate() throws {
        guard (1...300).contains(stocks), limit >= 1, inFlight >= 1 else {
            throw ValidationError("--stocks must be 1–300, --limit and --in-flight at least 1.")
        }
    }

    func run() async throws {
        var logger = Logger(label: "sise.bench")
        logger.logLevel = .critical
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 5, kisRequestsPerSecond: limit), logger: logger)
        let running = try await simulator.start()
        let list = try StockLists.krx().prefix(stocks).map(\.stock)
        let client = KISClient.make(
            baseURL: running.baseURL(for: .kis), credentials: KISCredentials(appKey: "bench", appSecret: "bench"),
            requestsPerSecond: limit, logger: logger)
        // Issue the token before the clock starts: it is not part of filling the list.
        _ = try await client.fetchQuote(list[0])
        let refusedBefore = simulator.kisRateLimitRefusals
        let requestsBefore = simulator.stockRequests(for: .kis)
        let loader = WatchlistLoader(
            client: client, clock: ContinuousClock(), maxInFlight: inFlight, requestsPerSecond: limit)
        StandardError.writeLine(
            "sise bench watchlist: \(list.count) KIS stocks, limit \(limit)/s, \(inFlight) in flight")
        let start = ContinuousClock.now
        var first: Duration?
        var loaded = 0
        var failures = 0
        for await event in loader.events(for: list) {
            switch event {
            case .loaded:
                loaded += 1
                if first == nil { first = start.duration(to: .now) }
            case .failed: failures += 1
            case .started, .named, .finished: break
            }
        }
        let all = start.duration(to: .now)
        let requests = Double(simulator.stockRequests(for: .kis) - requestsBefore)
        await running.stop()
        let seconds = Double(all.components.seconds) + Double(all.components.attoseconds) / 1e18
        let achieved = requests / seconds
        let lines = [
            "rows filled:          \(loaded)/\(list.count)",
            "first row after:      \(Self.format(first ?? all))",
            "all rows after:       \(Self.format(all))",
            "requests:             \(Int(requests)) (\(String(format: "%.1f", requests / Double(max(1, loaded)))) a stock)",
            "achieved rate:        \(String(format: "%.2f", achieved)) req/s = \(String(format: "%.1f", achieved / Double(limit) * 100)) % of \(limit)/s",
            "EGW00201 refusals:    \(simulator.kisRateLimitRefusals - refusedBefore)",
            "failed attempts:      \(failures)",
        ]
        for line in lines { try StandardOutput.writeLine(line) }
    }

    private static func format(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.3f s", seconds)
    }
}
