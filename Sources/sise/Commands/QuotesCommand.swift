public import ArgumentParser
import HeadlessOutput
public import MarketDomain
import MarketFeatures

/// `sise quotes`: one snapshot of the board, then exit.
struct QuotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quotes", abstract: "Print one snapshot of the market board, then exit.")

    @OptionGroup var exchangeOptions: ExchangeOptions

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "Markets to show, as KRW-BTC or BTC; every market when none are given.")
    var markets: [String] = []

    @Option(help: "Only markets whose Korean name, English name or symbol contains this (초성 such as ㅂㅌ work).")
    var search: String?

    @Option(
        help: """
            Sort by name, price, change or value (24h trade value); markets named on the command \
            line keep their order unless this is given, the others sort by value.
            """)
    var sort: SortKey?

    @Flag(help: "Sort ascending instead of descending.")
    var asc = false

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @Option(help: "Names in the table: ko (Korean) or en (English).")
    var names: NameLanguage = .korean

    @Option(
        help: ArgumentHelp(
            "The market group: KRW, BTC or USDT (Upbit and Bithumb list all three); the exchange's own when not given.",
            valueName: "QUOTE"))
    var quote: String?

    /// The group shown: the one asked for, upper-cased, or the exchange's own.
    private var group: String { quote?.uppercased() ?? exchangeOptions.exchange.quoteCurrency }

    func validate() throws {
        try exchangeOptions.requireExchange()
        try sort?.requireSnapshotKey()
        if let quote, !exchangeOptions.exchange.quoteGroups.contains(quote.uppercased()) {
            let groups = exchangeOptions.exchange.quoteGroups.joined(separator: ", ")
            throw ValidationError("--quote must be one of \(groups) on \(exchangeOptions.exchange.displayName).")
        }
        _ = try MarketArguments.parse(markets, exchange: exchangeOptions.exchange, quote: group)
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            let ids = try MarketArguments.parse(markets, exchange: exchangeOptions.exchange, quote: group)
            let group = group
            let quotes = try await MarketSession.run(exchangeOptions, store: storeOptions.openPreferencesIfPossible()) {
                client in
                let board = LiveBoard(client: client)
                try await board.load(markets: ids)
                let order = QuoteOrder(key: sort ?? .value, direction: asc ? .ascending : .descending)
                var rows = await board.quotes(matching: SearchMatcher(search ?? ""), order: order, language: names)
                if !ids.isEmpty {
                    // What was asked, in the order asked (issue 65), unless a sort was asked for.
                    let places = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                    rows = rows.filter { places[$0.id] != nil }
                    if sort == nil { rows.sort { places[$0.id, default: 0] < places[$1.id, default: 0] } }
                } else {
                    rows = rows.filter { $0.market.quote == group }
                }
                return rows
            }
            try print(quotes, exchange: exchangeOptions.exchange)
        }
    }

    private func print(_ quotes: [Quote], exchange: Exchange) throws {
        switch format {
        case .json:
            try StandardOutput.writeLine(OutputJSON.encode(quotes.map { QuoteRecord($0, exchange: exchange) }))
        case .csv:
            try StandardOutput.writeLine(CSV.line(QuoteRecord.csvHeader))
            for quote in quotes {
                try StandardOutput.writeLine(CSV.line(QuoteRecord(quote, exchange: exchange).csvFields))
            }
        case .table:
            for line in QuoteTable.make(quotes, language: names).render() { try StandardOutput.writeLine(line) }
        }
    }
}

extension SortKey: ExpressibleByArgument {
    /// The keys a snapshot sorts by: the moves are a live board's (`sise movers`).
    public static var allValueStrings: [String] { snapshotKeys.map(\.rawValue) }

    /// Refuses a move key for a command that reads one snapshot.
    func requireSnapshotKey() throws {
        guard moveWindow == nil else {
            throw ValidationError("--sort \(rawValue) needs the moves of a live feed: use `sise movers`.")
        }
    }
}
extension NameLanguage: ExpressibleByArgument {}
