import ArgumentParser
import HeadlessOutput
import MarketDomain
import MarketFeatures

/// `sise trades`: a market's latest trades (체결), newest first.
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

    func validate() throws {
        try exchangeOptions.requireExchange()
        _ = try MarketArguments.parse([market], exchange: exchangeOptions.exchange)
        guard (1...500).contains(count) else { throw ValidationError("--count must be between 1 and 500.") }
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            guard let id = try MarketArguments.parse([market], exchange: exchangeOptions.exchange).first else { return }
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
}
