import ArgumentParser
import HeadlessOutput
import MarketDomain
import MarketFeatures

/// `sise search QUERY`: stocks by name, code or 초성, and the source's own search for Latin text.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find stocks by Korean or English name, code or 초성 (ㅅㅅㅈㅈ finds 삼성전자).",
        discussion: """
            Local matches come from the shipped stock lists; with --exchange yahoo a Latin-script \
            query of two characters or more also asks Yahoo's search (Hangul never goes out).
            """)

    @OptionGroup var exchangeOptions: ExchangeOptions
    @OptionGroup var stockOptions: StockOptions
    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "What to look for.") var query: String
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table
    @Option(parsing: .unconditional, help: "At most this many results.") var limit = 20

    func validate() throws {
        guard (1...500).contains(limit) else { throw ValidationError("--limit must be between 1 and 500.") }
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            let source = try exchangeOptions.requireStockSource()
            let directory = try StockCatalog.directory()
            var found = directory.search(query, on: source, limit: limit)
            if StockSearchRules.sendsRemotely(query), source == .yahoo {
                let remote = try await StockSession.run(
                    exchangeOptions, limits: stockOptions, store: storeOptions.openIfPossible()
                ) { context in
                    try await context.client.searchRemote(query)
                }
                let known = Set(found.map(\.code))
                found += remote.filter { !known.contains($0.code) }
            }
            found = Array(found.prefix(limit))
            switch format {
            case .json:
                try StandardOutput.writeLine(
                    OutputJSON.encode(
                        found.map {
                            [
                                "symbol": $0.code, "name": $0.name(in: .korean), "englishName": $0.englishName,
                                "market": $0.market.rawValue, "currency": $0.currency,
                            ]
                        }))
            case .csv, .table:
                var table = TextTable(columns: [.init("Code"), .init("이름", maxWidth: 30), .init("Market")])
                table.rows = found.map { [$0.code, $0.name(in: .korean), $0.market.rawValue] }
                for line in table.render() { try StandardOutput.writeLine(line) }
            }
            if found.isEmpty { StandardError.writeLine("sise: no stock matches “\(query)”") }
        }
    }
}
