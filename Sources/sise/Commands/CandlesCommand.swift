import ArgumentParser
import MarketDomain
import MarketFeatures

/// `sise candles`: a market's daily history.
struct CandlesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "candles", abstract: "Print a market's daily candles, oldest first.")

    @OptionGroup var exchangeOptions: ExchangeOptions

    @Argument(help: "The market, as KRW-BTC or BTC.")
    var market: String

    @Option(help: "How many days, up to 1000 (the exchange pages 200 at a time).")
    var days = 30

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    func validate() throws {
        _ = try MarketArguments.parse([market], exchange: exchangeOptions.exchange)
        guard (1...1000).contains(days) else { throw ValidationError("--days must be between 1 and 1000.") }
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            guard let id = try MarketArguments.parse([market], exchange: exchangeOptions.exchange).first else { return }
            let candles = try await MarketSession.run(exchangeOptions) { client in
                try await client.fetchDailyCandles(id, days)
            }
            let records = candles.map(CandleRecord.init)
            switch format {
            case .json:
                try StandardOutput.writeLine(OutputJSON.encode(records))
            case .csv:
                try StandardOutput.writeLine(CSV.line(CandleRecord.csvHeader))
                for record in records { try StandardOutput.writeLine(CSV.line(record.csvFields)) }
            case .table:
                var table = TextTable(columns: [
                    .init("Date"), .init("Open", .right), .init("High", .right), .init("Low", .right),
                    .init("Close", .right), .init("Volume", .right), .init("Value", .right),
                ])
                table.rows = candles.map { candle in
                    [
                        candle.day.description, NumberFormat.price(candle.open, quote: id.quote),
                        NumberFormat.price(candle.high, quote: id.quote),
                        NumberFormat.price(candle.low, quote: id.quote),
                        NumberFormat.price(candle.close, quote: id.quote),
                        NumberFormat.fixed(candle.volume, decimals: 3),
                        NumberFormat.tradeValueInMillions(candle.value),
                    ]
                }
                for line in table.render() { try StandardOutput.writeLine(line) }
            }
        }
    }
}
