import ArgumentParser
import Exchanges
import HeadlessOutput
import MarketDomain
import MarketFeatures

/// `sise compare`: each coin across the Korean exchanges, with the spread and the premium over Binance.
struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare coins across Upbit, Bithumb and Korbit, with the premium over Binance.",
        discussion: """
            Lists each coin on more than one Korean exchange: its KRW price on each, the spread \
            between the highest and the lowest, and the premium over Binance \
            (KRW price / (USDT price × KRW-USDT rate) − 1, the KRW price being Upbit's where listed). \
            An exchange that cannot be reached is reported on stderr; the others are still compared. \
            Each coin's suspended deposits or withdrawals (입출금 중단) are named where an exchange says \
            them (Bithumb's without a key; Upbit's with a key).
            """)

    @OptionGroup var exchangeOptions: ExchangeOptions

    @Argument(help: "Coins to compare, as BTC or KRW-BTC; every coin listed on two or more Korean exchanges when none.")
    var symbols: [String] = []

    @Option(help: "Only coins whose Korean name, English name or symbol contains this (초성 such as ㅂㅌ work).")
    var search: String?

    @Option(help: "Sort by name, price (the KRW price), change (the premium) or value (the spread).")
    var sort: SortKey = .value

    @Flag(help: "Sort ascending instead of descending.")
    var asc = false

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @Option(help: "Names in the table: ko (Korean) or en (English).")
    var names: NameLanguage = .korean

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        try exchangeOptions.requireExchange()
        try sort.requireSnapshotKey()
        _ = try MarketArguments.parse(symbols)
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            let wanted = try MarketArguments.parse(symbols).map(\.base)
            let store = storeOptions.openPreferencesIfPossible()
            let (rows, forex, wallets) = try await MarketSession.runWithForex(
                exchangeOptions, exchanges: Exchange.allCases, store: store
            ) { clients, forexClient in
                let boards = ExchangeBoards(clients: clients)
                // The bank rate and the wallets are read beside the boards; without the rate the
                // premium over tether stands alone, without a wallet reading nothing is said of it.
                async let rate = Self.rate(from: forexClient)
                let wallets = WalletWatch(boards: boards)
                async let walletsRead: Void = wallets.refresh()
                try await boards.loadSayingFailures()
                let order = QuoteOrder(key: sort, direction: asc ? .ascending : .descending)
                let forex: ForexRate?
                switch await rate {
                case .success(let quoted): forex = quoted
                case .failure(let error):
                    forex = nil
                    StandardError.writeLine("sise: USD/KRW unavailable: \(CommandFailure.message(for: error))")
                }
                let rows = await boards.comparisons(
                    symbols: wanted, matching: SearchMatcher(search ?? ""), order: order, language: names)
                // An exchange that does not say (Korbit; Upbit without a key) is left out, quietly.
                await walletsRead
                return (rows.map { $0.measured(against: forex?.usdKRW) }, forex, wallets)
            }
            if !wanted.isEmpty, rows.isEmpty {
                throw ExchangeError.unknownMarket(
                    "\(wanted.joined(separator: ", ")) not listed on two or more Korean exchanges")
            }
            try print(rows, forex: forex, wallets: wallets)
        }
    }

    /// The bank rate, or why it could not be read.
    private static func rate(from client: ForexClient) async -> Result<ForexRate, any Error> {
        do {
            return .success(try await client.fetchUSDKRW())
        } catch {
            return .failure(error)
        }
    }

    private func print(_ rows: [CoinComparison], forex: ForexRate?, wallets: WalletWatch) throws {
        func record(_ row: CoinComparison) -> ComparisonRecord {
            ComparisonRecord(row, forex: forex, wallets: wallets.statuses(of: row.symbol))
        }
        switch format {
        case .json:
            try StandardOutput.writeLine(OutputJSON.encode(rows.map(record)))
        case .csv:
            try StandardOutput.writeLine(CSV.line(ComparisonRecord.csvHeader))
            for row in rows { try StandardOutput.writeLine(CSV.line(record(row).csvFields)) }
        case .table:
            let table = ComparisonTable.make(rows, language: names, wallets: wallets.statuses(of:))
            for line in table.render() { try StandardOutput.writeLine(line) }
        }
    }
}
