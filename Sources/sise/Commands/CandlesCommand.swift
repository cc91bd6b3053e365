import ArgumentParser
import HeadlessOutput
import MarketDomain
import MarketFeatures

/// `sise candles`: a market's daily history.
struct CandlesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "candles", abstract: "Print a market's daily candles, oldest first.")

    @OptionGroup var exchangeOptions: ExchangeOptions
    @OptionGroup var stockOptions: StockOptions
    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The market, as KRW-BTC or BTC; for stocks (--exchange kis|yahoo) a code: 005930, 005930.KS, AAPL.")
    var market: String

    @Option(parsing: .unconditional, help: "How many days, up to 1000 (the exchange pages 200 at a time).")
    var days = 30

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    func validate() throws {
        if exchangeOptions.source?.stockSource == nil {
            _ = try MarketArguments.parse([market], exchange: exchangeOptions.exchange)
        }
        guard (1...1000).contains(days) else { throw ValidationError("--days must be between 1 and 1000.") }
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            if let source = exchangeOptions.source?.stockSource {
                try await printStockBars(source)
                return
            }
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

    /// A stock's daily bars from KIS or Yahoo, oldest first.
    private func printStockBars(_ source: StockSource) async throws {
        guard let stock = try StockCatalog.resolve([market], on: source).first else { return }
        let bars = try await StockSession.run(
            exchangeOptions, limits: stockOptions, store: storeOptions.openIfPossible()
        ) {
            context in
            try await context.client.fetchDailyBars(stock, days)
        }
        let decimals = stock.currency == "KRW" ? 0 : 2
        let rows = bars.map { bar in
            [
                bar.day.description, CSV.number(bar.open), CSV.number(bar.high), CSV.number(bar.low),
                CSV.number(bar.close), CSV.number(bar.volume),
            ]
        }
        switch format {
        case .json:
            try StandardOutput.writeLine(
                OutputJSON.encode(
                    bars.map {
                        StockBarRecord(
                            date: $0.day.description, open: $0.open, high: $0.high, low: $0.low, close: $0.close,
                            volume: $0.volume)
                    }))
        case .csv:
            try StandardOutput.writeLine(CSV.line(["date", "open", "high", "low", "close", "volume"]))
            for row in rows { try StandardOutput.writeLine(CSV.line(row)) }
        case .table:
            var table = TextTable(columns: [
                .init("Date"), .init("Open", .right), .init("High", .right), .init("Low", .right),
                .init("Close", .right), .init("Volume", .right),
            ])
            table.rows = bars.map { bar in
                [bar.day.description]
                    + [bar.open, bar.high, bar.low, bar.close].map {
                        NumberFormat.fixed($0, decimals: decimals)
                    } + [NumberFormat.fixed(bar.volume, decimals: 0)]
            }
            for line in table.render() { try StandardOutput.writeLine(line) }
        }
    }
}

/// One stock bar as `candles --format json` prints it.
struct StockBarRecord: Encodable {
    var date: String
    var open: Double
    var high: Double
    var low: Double
    var close: Double
    var volume: Double
}
