import ArgumentParser
import HeadlessOutput
import MarketDomain
import MarketFeatures

/// `sise orderbook`: a market's order book (호가) as the exchange gives it now.
struct OrderBookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orderbook",
        abstract: "Print a market's order book: asks lowest first, bids highest first (Upbit and Bithumb).")

    @OptionGroup var exchangeOptions: ExchangeOptions

    @Argument(help: "The market, as KRW-BTC or BTC.")
    var market: String

    @Option(parsing: .unconditional, help: "Levels a side, 1 to 15.")
    var depth = 15

    @Option(help: "Output format: table or json.")
    var format: OutputFormat = .table

    func validate() throws {
        try exchangeOptions.requireExchange()
        _ = try MarketArguments.parse([market], exchange: exchangeOptions.exchange)
        guard (1...15).contains(depth) else { throw ValidationError("--depth must be between 1 and 15.") }
        guard format != .csv else { throw ValidationError("--format must be table or json.") }
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            guard let id = try MarketArguments.parse([market], exchange: exchangeOptions.exchange).first else { return }
            let book = try await MarketSession.run(exchangeOptions) { client in
                try await client.fetchOrderBook(id)
            }.limited(to: depth)
            switch format {
            case .json:
                try StandardOutput.writeLine(
                    OutputJSON.encode(OrderBookRecord(book, exchange: exchangeOptions.exchange)))
            case .table, .csv:
                for line in OrderBookTable.make(book).render() { try StandardOutput.writeLine(line) }
                try StandardOutput.writeLine(OrderBookTable.summary(book))
            }
        }
    }
}
