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
            try SecondsFlag.validate(duration, flag: "--duration")
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
    /// changes go to stderr; the feed reconnects by itself. After the feed was away (or the ids
    /// jump), the trades missed are fetched back to the last printed (paging as the exchange
    /// allows) and printed first, before any live trade (the live ones wait in the feed's buffer
    /// meanwhile), and a gap the exchange can no longer fill is said on stderr.
    private func follow(_ market: MarketID, client: MarketDataClient) async throws {
        var printer = TradePrinter(format: format, exchange: exchangeOptions.exchange)
        if format == .table { try StandardOutput.writeLine(TradeTable.followHeader) }
        try printer.print(try await client.fetchTrades(market, count))
        let events = client.liveDepth(market)
        try await withThrowingTaskGroup(of: Void.self) { [printer] group in
            group.addTask {
                var printer = printer
                var away = true  // trades between the first page and the subscription are caught up too
                // The live trades wait in the feed's buffer while the missed ones are fetched: a
                // request refused while the exchange is still coming back is tried again (0.5, 1,
                // 2, 4, 8 s), so that nothing it still lists is lost.
                func catchUp() async throws {
                    away = false
                    let last = printer.last
                    do {
                        let page = try await BackOffRetry.run(
                            attempts: 6, firstDelay: .milliseconds(500), clock: ContinuousClock()
                        ) {
                            if let last {
                                try await client.fetchTradesAfter(market, last)
                            } else {
                                try await client.fetchTrades(market, MarketDataClient.largestTradePage)
                            }
                        }
                        try printer.catchUp(page)
                    } catch let error as OutputError {
                        throw error
                    } catch {
                        // Stopping (--duration, Ctrl-C) cancels the request: nothing to say.
                        if Task.isCancelled { throw CancellationError() }
                        let after = last.map { " after #\($0.id)" } ?? ""
                        StandardError.writeLine(
                            "sise: gap: the trades\(after) could not be fetched (tried 6 times over 15 s: "
                                + "\(CommandFailure.message(for: error))); the exchange may still list them")
                    }
                }
                for await event in events {
                    switch event {
                    case .trades(let trades):
                        if away || printer.needsCatchUp(before: trades) { try await catchUp() }
                        try printer.print(trades)
                    case .snapshot(_, let trades):
                        if away { try await catchUp() } else { try printer.print(trades) }
                    case .connection(.live):
                        if away { try await catchUp() }
                    case .connection(.connecting):
                        break
                    case .connection(let state):
                        away = true
                        StandardError.writeLine("sise: feed \(state.label)")
                    case .orderBook, .frameSkipped: break
                    }
                }
            }
            if let duration {
                group.addTask { try await Task.sleep(for: SecondsFlag.duration(duration)) }
            }
            group.addTask { await InterruptSignal.wait() }
            _ = try await group.next()
            group.cancelAll()
        }
    }
}

/// Prints trades as they come, each once, in the order they happened (``TradeFollower``).
private struct TradePrinter: Sendable {
    let format: StreamFormat
    let exchange: Exchange
    private var follower = TradeFollower()

    init(format: StreamFormat, exchange: Exchange) {
        self.format = format
        self.exchange = exchange
    }

    /// The newest trade printed.
    var last: Trade? { follower.last }

    func needsCatchUp(before trades: [Trade]) -> Bool {
        follower.needsCatchUp(before: trades)
    }

    /// Prints the trades not printed yet, oldest first.
    mutating func print(_ trades: [Trade]) throws {
        try write(follower.take(trades))
    }

    /// Prints what the exchange's latest `page` adds, and says on stderr what it could not fill.
    mutating func catchUp(_ page: [Trade]) throws {
        let (trades, gap) = follower.catchUp(page)
        try write(trades)
        if let gap {
            let count = gap.missing.map { "\($0) trades" } ?? "trades"
            StandardError.writeLine(
                "sise: gap: \(count) between #\(gap.after.id) and #\(gap.before.id) are no longer listed by the "
                    + "exchange (the oldest it pages back to now is #\(gap.before.id))")
        }
    }

    private func write(_ trades: [Trade]) throws {
        for trade in trades {
            switch format {
            case .ndjson: try StandardOutput.writeLine(OutputJSON.encode(TradeRecord(trade, exchange: exchange)))
            case .table: try StandardOutput.writeLine(TradeTable.followLine(trade))
            }
        }
    }
}
