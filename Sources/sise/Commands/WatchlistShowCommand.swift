import ArgumentParser
import HeadlessOutput
import MarketDomain
import MarketFeatures
import MarketStore

extension WatchlistCommand {
    /// `sise watchlist show`: fetches every row, one request at a time under the source's limit.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Fetch and print the watchlist's rows, in its order.",
            discussion: """
                Each stock takes one request (its quote and its last 30 closes together), at most --in-flight \
                stocks at a time and never over the source's rate limit. With ndjson each row prints \
                the moment it arrives; a failed stock is retried twice, then printed with its error, \
                and makes the exit code 69 without hiding the others.
                """)
        @OptionGroup var exchangeOptions: ExchangeOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var stockOptions: StockOptions
        @Option(help: "Output format: table, json, csv or ndjson.") var format: WatchlistFormat = .table
        @Option(parsing: .unconditional, help: "Stocks in flight at once.") var inFlight = 4

        func validate() throws {
            guard (1...32).contains(inFlight) else { throw ValidationError("--in-flight must be between 1 and 32.") }
        }

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let source = try exchangeOptions.requireStockSource()
                let store = try storeOptions.open()
                let codes = try store.watchlist(source).codes
                let stocks = try StockCatalog.resolve(codes, on: source)
                let records = try await StockSession.run(exchangeOptions, limits: stockOptions, store: store) {
                    context in
                    try await load(stocks, source: source, context: context)
                }
                switch format {
                case .json: try StandardOutput.writeLine(OutputJSON.encode(records))
                case .csv:
                    try StandardOutput.writeLine(CSV.line(WatchlistRecord.csvHeader))
                    for record in records { try StandardOutput.writeLine(CSV.line(record.csvFields)) }
                case .table:
                    for line in WatchlistTable.make(records).render() { try StandardOutput.writeLine(line) }
                case .ndjson:
                    break
                }
                if let failed = records.first(where: { $0.status != "ok" }) {
                    throw ExchangeError.unavailable("\(failed.symbol): \(failed.error ?? "failed")")
                }
            }
        }

        /// Loads every stock; with ndjson, prints each row as it settles.
        private func load(
            _ stocks: [Stock], source: StockSource, context: StockSession.Context
        ) async throws -> [WatchlistRecord] {
            let loader = WatchlistLoader(
                client: context.client, clock: ContinuousClock(), maxInFlight: inFlight,
                requestsPerSecond: context.requestsPerSecond, maxAttempts: 3)
            var records = [WatchlistRecord?](repeating: nil, count: stocks.count)
            for await event in loader.events(for: stocks) {
                let settled: WatchlistRecord?
                switch event {
                case .loaded(let index, let quote, let closes):
                    settled = WatchlistRecord(stock: stocks[index], source: source, quote: quote, closes: closes)
                    records[index] = settled
                case .failed(let index, let message, _, nil):
                    settled = WatchlistRecord(stock: stocks[index], source: source, error: message)
                    records[index] = settled
                case .started, .named, .failed, .finished:
                    settled = nil
                }
                if format == .ndjson, let settled { try StandardOutput.writeLine(OutputJSON.encode(settled)) }
            }
            return records.enumerated().map { index, record in
                record ?? WatchlistRecord(stock: stocks[index], source: source, error: "not loaded")
            }
        }
    }
}

/// How `watchlist show` prints its rows.
enum WatchlistFormat: String, ExpressibleByArgument, CaseIterable {
    case table
    case json
    case csv
    case ndjson
}
