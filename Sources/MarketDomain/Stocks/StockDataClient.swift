/// A stock's quote with its last closes (oldest first): what a watchlist row shows.
public struct StockSummary: Sendable, Equatable {
    public var quote: StockQuote
    public var closes: [Double]
    /// The stock's English name when the answer carried one (Yahoo's `longName`).
    public var englishName: String?

    /// Makes a summary.
    public init(quote: StockQuote, closes: [Double], englishName: String? = nil) {
        self.quote = quote
        self.closes = closes
        self.englishName = englishName
    }
}

/// Everything Sise needs from one stock source, as replaceable closures: the real KIS and Yahoo
/// clients in `Exchanges` provide them, tests provide fakes. One stock per request.
public struct StockDataClient: Sendable {
    /// The source this client talks to.
    public var source: StockSource
    /// The current quote of one stock (its code: `005930`, `AAPL`).
    public var fetchQuote: @Sendable (_ stock: Stock) async throws -> StockQuote
    /// The last `days` daily bars of one stock, oldest first.
    public var fetchDailyBars: @Sendable (_ stock: Stock, _ days: Int) async throws -> [StockBar]
    /// Stocks matching a Latin-script query on the source's own search; empty when it has none.
    public var searchRemote: @Sendable (_ query: String) async throws -> [Stock]
    /// The quote and the last `closes` closes of one stock, in one request where the source
    /// allows it (KIS's daily prices, Yahoo's chart).
    public var fetchSummary: @Sendable (_ stock: Stock, _ closes: Int) async throws -> StockSummary
    /// The stock's English name from the source's own data (KIS `search-info`), `nil` when the
    /// source has no cheap way to tell it.
    public var fetchEnglishName: (@Sendable (_ stock: Stock) async throws -> String?)?

    /// Makes a client from its operations; without `fetchSummary`, a summary takes the two requests
    /// of `fetchQuote` and `fetchDailyBars`.
    public init(
        source: StockSource, fetchQuote: @escaping @Sendable (_ stock: Stock) async throws -> StockQuote,
        fetchDailyBars: @escaping @Sendable (_ stock: Stock, _ days: Int) async throws -> [StockBar],
        searchRemote: @escaping @Sendable (_ query: String) async throws -> [Stock],
        fetchSummary: (@Sendable (_ stock: Stock, _ closes: Int) async throws -> StockSummary)? = nil,
        fetchEnglishName: (@Sendable (_ stock: Stock) async throws -> String?)? = nil
    ) {
        self.fetchEnglishName = fetchEnglishName
        self.source = source
        self.fetchQuote = fetchQuote
        self.fetchDailyBars = fetchDailyBars
        self.searchRemote = searchRemote
        self.fetchSummary =
            fetchSummary ?? { stock, closes in
                let quote = try await fetchQuote(stock)
                let bars = try await fetchDailyBars(stock, closes)
                return StockSummary(quote: quote, closes: bars.map(\.close))
            }
    }
}
