import ArgumentParser
import HeadlessOutput
import MarketDomain
import MarketFeatures

/// `sise orderbook`: a market's order book (호가) as the exchange gives it now.
struct OrderBookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orderbook",
        abstract: "Print a market's order book: asks lowest first, bids highest first.")

    @OptionGroup var exchangeOptions: ExchangeOptions

    @Argument(help: "The market, as KRW-BTC or BTC.")
    var market: String

    @Option(parsing: .unconditional, help: "Levels a side, 1 to 30 (as many as the exchange serves).")
    var depth = 15

    @Option(
        parsing: .unconditional,
        help: "Group the prices by this unit (호가 모아보기): Upbit groups a KRW market itself by its supported units.")
    var group: Double?

    @Flag(help: "Add each side's running total from the best price out (누적).")
    var cumulative = false

    @Option(help: "Output format: table or json.")
    var format: OutputFormat = .table

    func validate() throws {
        try exchangeOptions.requireExchange()
        _ = try MarketArguments.parse([market], exchange: exchangeOptions.exchange)
        guard (1...30).contains(depth) else { throw ValidationError("--depth must be between 1 and 30.") }
        if let group, !(group > 0 && group.isFinite) {
            throw ValidationError("--group must be a positive number (a price unit, such as 10000).")
        }
        guard format != .csv else { throw ValidationError("--format must be table or json.") }
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            guard let id = try MarketArguments.parse([market], exchange: exchangeOptions.exchange).first else { return }
            let group = group
            let book = try await MarketSession.run(exchangeOptions) { client in
                if let group { return try await client.fetchGroupedOrderBook(id, group) }
                return try await client.fetchOrderBook(id)
            }.limited(to: depth)
            switch format {
            case .json:
                try StandardOutput.writeLine(
                    OutputJSON.encode(
                        OrderBookRecord(book, exchange: exchangeOptions.exchange, group: group, cumulative: cumulative))
                )
            case .table, .csv:
                for line in OrderBookTable.make(book, cumulative: cumulative).render() {
                    try StandardOutput.writeLine(line)
                }
                try StandardOutput.writeLine(OrderBookTable.summary(book))
            }
        }
    }
}
