import ArgumentParser
import ExchangeSimulator
import Foundation
import HeadlessOutput
import MarketDomain

/// `sise bench alerts`: what the alert evaluator costs per tick with a few rules and with many
/// (issue 28's target: 100,000 rules over 2,000 markets at 10,000 ticks a second within 5 % of
/// one core). The same random walk of ticks is evaluated against one rule a market and against
/// `--rules` (50 a market by default); the ratio of the two shows whether a tick's cost follows
/// the rules it touches rather than the rules there are.
struct AlertsBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts", abstract: "Measure the alert evaluator's cost per tick, with few rules and many.")

    @Option(parsing: .unconditional, help: "Rules in the large set.") var rules = 100_000
    @Option(parsing: .unconditional, help: "Markets the rules and ticks spread over.") var markets = 2000
    @Option(parsing: .unconditional, help: "Ticks evaluated per measurement.") var ticks = 1_000_000
    @Option(parsing: .unconditional, help: "The tick rate the share of a core is given for.") var rate = 10_000.0
    @Option(
        parsing: .unconditional,
        help: "Seconds of `sise alerts watch` against `sise simulate` to measure tick-to-stdout latency (0 skips).")
    var latencySeconds = 20.0

    func validate() throws {
        guard (markets...10_000_000).contains(rules) else {
            throw ValidationError("--rules must be from --markets (one a market) to 10000000.")
        }
        guard (1...10_000).contains(markets) else { throw ValidationError("--markets must be 1 to 10000.") }
        guard (1000...100_000_000).contains(ticks) else { throw ValidationError("--ticks must be 1000 to 1e8.") }
        guard rate > 0, rate.isFinite else { throw ValidationError("--rate must be positive.") }
        guard latencySeconds == 0 || (3...600).contains(latencySeconds) else {
            throw ValidationError("--latency-seconds must be 0 (skip) or from 3 to 600.")
        }
    }

    func run() async throws {
        let catalog = try CoinCatalog.krwMarkets(count: markets).map(\.id)
        var generator = BenchRandom(seed: 28)
        let prices = catalog.map { _ in 1000 * (1 + generator.unit() * 100) }
        let walk = TickWalk(markets: catalog, prices: prices, count: ticks, generator: &generator)
        StandardError.writeLine(
            "sise bench alerts: \(catalog.count) markets, \(ticks) ticks a measurement, rules within ±10 % of the price"
        )
        var results: [(rules: Int, microseconds: Double, fired: Int)] = []
        for count in [catalog.count, rules] {
            let set = Self.rules(count, markets: catalog, prices: prices, generator: &generator)
            var evaluator = AlertEvaluator(rules: set)
            _ = walk.evaluate(&evaluator, limit: min(ticks, 50_000))  // warm-up
            evaluator = AlertEvaluator(rules: set)
            let clock = ContinuousClock()
            var fired = 0
            let elapsed = clock.measure { fired = walk.evaluate(&evaluator, limit: ticks) }
            let microseconds =
                Double(elapsed.components.attoseconds) / 1e12 / Double(ticks)
                + Double(elapsed.components.seconds) * 1e6 / Double(ticks)
            results.append((count, microseconds, fired))
        }
        let baseline = results[0].microseconds
        for result in results {
            let share = result.microseconds * rate / 1e6 * 100
            try StandardOutput.writeLine(
                "\(result.rules) rules".padding(toLength: 14, withPad: " ", startingAt: 0)
                    + "\(NumberFormat.fixed(result.microseconds * 1000, decimals: 0)) ns a tick   "
                    + "\(NumberFormat.fixed(share, decimals: 2)) % of one core at \(Int(rate)) ticks/s   "
                    + "×\(NumberFormat.fixed(result.microseconds / baseline, decimals: 2))   \(result.fired) firings")
        }
        let large = results[1]
        var last =
            "rules=\(large.rules) markets=\(catalog.count) ns_per_tick=\(Int(large.microseconds * 1000)) "
            + "cpu_percent_at_rate=\(NumberFormat.machine(large.microseconds * rate / 1e4, decimals: 2)) "
            + "ratio_to_one_a_market=\(NumberFormat.machine(large.microseconds / baseline, decimals: 2))"
        if latencySeconds > 0 {
            StandardError.writeLine(
                "sise bench alerts: \(Int(latencySeconds)) s of `alerts watch` against `simulate` (50 markets, 2,000 ticks/s)…"
            )
            let latency = try AlertLatency.measure(seconds: latencySeconds, markets: 50, rate: 2000)
            guard let p50 = latency.percentile(0.5), let p99 = latency.percentile(0.99),
                let highest = latency.milliseconds.max()
            else { throw ExchangeError.unavailable("alerts watch printed no firing in \(latencySeconds) s") }
            func ms(_ value: Double) -> String { NumberFormat.fixed(value, decimals: 1) }
            try StandardOutput.writeLine(
                "tick to stdout: \(latency.milliseconds.count) firings, p50 \(ms(p50)) ms, p99 \(ms(p99)) ms, "
                    + "max \(ms(highest)) ms")
            // The last line is for scripts: no thousands separators, whatever the figure.
            last +=
                " latency_p50_ms=\(NumberFormat.machine(p50, decimals: 1))"
                + " latency_p99_ms=\(NumberFormat.machine(p99, decimals: 1))"
        }
        try StandardOutput.writeLine(last)
    }

    /// `count` rules: levels above and below within ±10 % of each market's price, and one in ten
    /// a move of 1–5 % within a window.
    fileprivate static func rules(
        _ count: Int, markets: [MarketID], prices: [Double], generator: inout BenchRandom
    )
        -> [AlertRule]
    {
        (0..<count).map { index in
            let market = Int(generator.unit() * Double(markets.count)) % markets.count
            let price = prices[market]
            let condition: AlertCondition
            switch index % 10 {
            case 0:
                condition = .move(
                    percent: 1 + generator.unit() * 4, window: AlertWindow.allCases[index / 10 % 3],
                    direction: MoveDirection.allCases[index / 30 % 3])
            case 1...4: condition = .above(price * (1 + generator.unit() * 0.1))
            default: condition = .below(price * (1 - generator.unit() * 0.1))
            }
            return AlertRule(id: Int64(index + 1), exchange: .upbit, market: markets[market], condition: condition)
        }
    }
}

/// A random walk of ticks over the markets, drawn once so that every measurement evaluates the
/// same ticks: each tick moves one market by up to ±0.3 %.
private struct TickWalk {
    let markets: [MarketID]
    let order: [Int32]
    let prices: [Double]

    init(markets: [MarketID], prices start: [Double], count: Int, generator: inout BenchRandom) {
        self.markets = markets
        var current = start
        var order: [Int32] = []
        var prices: [Double] = []
        order.reserveCapacity(count)
        prices.reserveCapacity(count)
        for _ in 0..<count {
            let market = Int(generator.unit() * Double(markets.count)) % markets.count
            current[market] *= 1 + (generator.unit() - 0.5) * 0.006
            order.append(Int32(market))
            prices.append(current[market])
        }
        self.order = order
        self.prices = prices
    }

    /// Evaluates the first `limit` ticks, 10 ms of exchange time apart; returns the firings.
    func evaluate(_ evaluator: inout AlertEvaluator, limit: Int) -> Int {
        var fired = 0
        for index in 0..<min(limit, order.count) {
            fired +=
                evaluator.take(
                    price: prices[index], of: markets[Int(order[index])], on: .upbit,
                    at: 1_800_000_000_000 + Int64(index) * 10
                ).count
        }
        return fired
    }
}

/// SplitMix64: the bench's own seeded draws, the same on every run.
private struct BenchRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A draw in [0, 1).
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
