import ArgumentParser
import HeadlessOutput
import MarketDomain
import MarketFeatures

/// `sise trades`: a market's latest trades (체결), newest first; with `--follow`, oldest first and
/// then every live trade as it happens.
struct TradesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trades", abstract: "Print a market's latest trades, newest first.")

    @OptionGroup var exchangeOptions: ExchangeOptions

    @Argument(help: "The market, as KRW-BTC or BTC.")
    var market: String

    @Option(parsing: .unconditional, help: "How many trades, 1 to 500.")
    var count = 50

    @Option(help: "Output format: table or ndjson (a JSON object a line).")
    var format: StreamFormat = .table

    @Flag(help: "Print the latest trades oldest first, then each live trade as it happens, until Ctrl-C.")
    var follow = false

    @Option(parsing: .unconditional, help: "With --follow: stop after this many seconds.")
    var duration: Double?

    func validate() throws {
        try exchangeOptions.requireExchange()
        _ = try MarketArguments.parse([market], exchange: exchangeOptions.exchange)
        guard (1...500).contains(count) else { throw ValidationError("--count must be between 1 and 500.") }
        if let duration {
            guard follow else { throw ValidationError("--duration goes with --follow.") }
            guard duration > 0, duration.isFinite else {
                throw ValidationError("--duration must be a positive number of seconds.")
            }
        }
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            guard let id = try MarketArguments.parse([market], exchange: exchangeOptions.exchange).first else { return }
            if follow {
                try await MarketSession.run(exchangeOptions) { client in try await self.follow(id, client: client) }
                return
            }
            let trades = try await MarketSession.run(exchangeOptions) { client in
                try await client.fetchTrades(id, count)
            }
            switch format {
            case .ndjson:
                for trade in trades {
                    try StandardOutput.writeLine(
                        OutputJSON.encode(TradeRecord(trade, exchange: exchangeOptions.exchange)))
                }
            case .table:
                for line in TradeTable.make(trades).render() { try StandardOutput.writeLine(line) }
                try StandardOutput.writeLine(TradeTable.summary(trades))
            }
        }
    }

    /// Prints the latest `count` trades oldest first, then every trade the live feed brings that
    /// was not printed yet, in the order they happened, until `--duration` or Ctrl-C. Connection
    /// changes go to stderr; the feed reconnects by itself.
    private func follow(_ market: MarketID, client: MarketDataClient) async throws {
        var printer = TradePrinter(format: format, exchange: exchangeOptions.exchange)
        if format == .table { try StandardOutput.writeLine(TradeTable.followHeader) }
        try printer.print(try await client.fetchTrades(market, count))
        printer.startFollowing()
        let events = client.liveDepth(market)
        try await withThrowingTaskGroup(of: Void.self) { [printer] group in
            group.addTask {
                var printer = printer
                for await event in events {
                    switch event {
                    case .trades(let trades), .snapshot(_, let trades): try printer.print(trades)
                    case .connection(let state) where state != .live && state != .connecting:
                        StandardError.writeLine("sise: feed \(state.label)")
                    case .connection, .orderBook, .frameSkipped: break
                    }
                }
            }
            if let duration {
                group.addTask { try await Task.sleep(for: .milliseconds(Int(duration * 1000))) }
            }
            group.addTask { await InterruptSignal.wait() }
            _ = try await group.next()
            group.cancelAll()
        }
    }
}

/// Prints trades as they come, each once, in the order they happened: once following, only
/// trades after the latest printed at the start (a REST paint after a reconnect brings older ones).
private struct TradePrinter: Sendable {
    let format: StreamFormat
    let exchange: Exchange
    private var printed = Set<Int64>()
    private var after: (timestamp: Int64, id: Int64)?

    init(format: StreamFormat, exchange: Exchange) {
        self.format = format
        self.exchange = exchange
    }

    /// From now on, only trades after the latest printed so far.
    mutating func startFollowing() {
        after = newest ?? (.min, .min)
    }

    private var newest: (timestamp: Int64, id: Int64)?

    /// Prints the trades not printed yet, oldest first.
    mutating func print(_ trades: [Trade]) throws {
        for trade in trades.sorted(by: { ($0.timestamp, $0.id) < ($1.timestamp, $1.id) })
        where after.map({ (trade.timestamp, trade.id) > $0 }) ?? true && printed.insert(trade.id).inserted {
            if newest.map({ (trade.timestamp, trade.id) > $0 }) ?? true { newest = (trade.timestamp, trade.id) }
            switch format {
            case .ndjson: try StandardOutput.writeLine(OutputJSON.encode(TradeRecord(trade, exchange: exchange)))
            case .table: try StandardOutput.writeLine(TradeTable.followLine(trade))
            }
        }
    }
}
