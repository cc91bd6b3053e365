import HashTreeCollections

/// The live state of every market of one exchange: names merged with the latest ticker of each.
///
/// Applying a ticker is O(log n) by market id, and a ticker older than the one held is dropped,
/// so a late REST snapshot never overwrites newer live data.
///
/// A board is shared between its live owner and every reader of a frame (``LiveBoard``'s
/// frames): the tickers are a persistent hash tree (swift-collections' `TreeDictionary`), so a
/// tick applied after a frame was handed out copies the few nodes on its market's path, not
/// the whole board.
public struct TickerBoard: Sendable {
    /// The exchange these markets belong to.
    public let exchange: Exchange
    private var marketsByID: [MarketID: Market] = [:]
    private var tickersByID: TreeDictionary<MarketID, Ticker> = [:]
    /// Bumped on every change, so a reader can tell cheaply whether anything moved.
    public private(set) var version: UInt64 = 0
    /// The markets first listed within the last day (the NEW badge), as the listing watch found them.
    public var newMarkets: Set<MarketID> = []
    /// Each market's prices of the last quarter hour (the Δ columns), shared with every copy of
    /// the board: the live board records, frames read the latest.
    public let recentPrices = RecentPrices()

    /// What happened to one ticker offered to the board.
    public enum ApplyResult: Sendable, Equatable {
        /// The ticker replaced an older one (or was the first for its market).
        case applied
        /// The board already holds a newer ticker for the market; this one was dropped.
        case outdated
        /// The board already holds this very ticker (a feed re-sends the current one after a
        /// reconnect); nothing changed.
        case repeated
    }

    /// An empty board for an exchange.
    public init(exchange: Exchange) {
        self.exchange = exchange
    }

    /// Replaces the market list (names); tickers of markets no longer listed are removed.
    public mutating func setMarkets(_ markets: [Market]) {
        marketsByID = Dictionary(markets.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        tickersByID = tickersByID.filter { marketsByID[$0.key] != nil }
        version &+= 1
    }

    /// Whether `markets` is the list held, names and warnings alike.
    public func lists(exactly markets: [Market]) -> Bool {
        markets.count == marketsByID.count && markets.allSatisfy { marketsByID[$0.id] == $0 }
    }

    /// Offers one ticker: applied unless the board holds a newer one for the same market, or
    /// this same one.
    @discardableResult
    public mutating func apply(_ ticker: Ticker) -> ApplyResult {
        if let held = tickersByID[ticker.marketID], held.timestamp >= ticker.timestamp {
            if held.timestamp > ticker.timestamp { return .outdated }
            if held == ticker { return .repeated }
        }
        tickersByID[ticker.marketID] = ticker
        recentPrices.record(ticker.marketID, price: ticker.price, at: ticker.timestamp)
        version &+= 1
        return .applied
    }

    /// Offers a whole snapshot, ticker by ticker; returns how many were applied.
    @discardableResult
    public mutating func apply(snapshot tickers: [Ticker]) -> Int {
        var applied = 0
        for ticker in tickers where apply(ticker) == .applied { applied += 1 }
        return applied
    }

    /// The listed markets, in no particular order.
    public var markets: [Market] { Array(marketsByID.values) }

    /// How many markets are listed.
    public var marketCount: Int { marketsByID.count }

    /// The market with this id, if listed.
    public func market(_ id: MarketID) -> Market? { marketsByID[id] }

    /// The latest ticker of a market, if any has arrived.
    public func ticker(_ id: MarketID) -> Ticker? { tickersByID[id] }

    /// The row for a market: its names and latest ticker, once both are known.
    public func quote(_ id: MarketID) -> Quote? {
        guard let market = marketsByID[id], let ticker = tickersByID[id] else { return nil }
        return Quote(market: market, ticker: ticker)
    }

    /// Every market with a ticker, in no particular order.
    public var quotes: [Quote] {
        tickersByID.compactMap { id, ticker in marketsByID[id].map { Quote(market: $0, ticker: ticker) } }
    }

    /// The markets matching a search, with tickers, in no particular order; only those quoted in
    /// `quote` (a market group, `KRW`) when it is given.
    public func quotes(matching matcher: SearchMatcher, quotedIn quote: String? = nil) -> [Quote] {
        guard !matcher.matchesEverything || quote != nil else { return quotes }
        // Only the markets that match are made into quotes.
        return tickersByID.compactMap { id, ticker in
            guard quote.map({ id.isQuoted(in: $0) }) ?? true, let market = marketsByID[id], matcher.matches(market)
            else { return nil }
            return Quote(market: market, ticker: ticker)
        }
    }
}
