/// The live state of every market of one exchange: names merged with the latest ticker of each.
///
/// Each market has a place, found by its id once a tick; its name and its latest ticker sit at
/// that place in two arrays. A ticker older than the one held is dropped, so a late REST snapshot
/// never overwrites newer live data.
///
/// A board is shared between its live owner and every reader of a frame (``LiveBoard``'s
/// frames): the first tick applied after a frame was handed out copies the tickers' array (a
/// few hundred plain values, once a frame), and the ticks after it write in place. The names'
/// array changes only with the listing, so every copy of the board shares it.
public struct TickerBoard: Sendable {
    /// The exchange these markets belong to.
    public let exchange: Exchange
    /// Each market's place in `listed` and `latest`: every market listed, and every market a
    /// ticker came for.
    private var places: [MarketID: Int] = [:]
    /// The listed markets, by place (`nil` for a market a ticker came for that is not listed).
    private var listed: [Market?] = []
    /// The latest ticker of each market, by place (`nil` before the first).
    private var latest: [Ticker?] = []
    /// Each market's slot in `recentPrices`, by place (`nil` before its first price): a tick is
    /// recorded there without a second look-up of its id.
    private var priceSlots: [RecentPrices.Slot?] = []
    /// How many markets are listed.
    public private(set) var marketCount = 0
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
        var places: [MarketID: Int] = [:]
        var listed: [Market?] = []
        var latest: [Ticker?] = []
        var priceSlots: [RecentPrices.Slot?] = []
        places.reserveCapacity(markets.count)
        for market in markets {
            // A market listed twice is named by its last entry.
            if let place = places[market.id] {
                listed[place] = market
                continue
            }
            // What the board held for the market moves with it to its new place.
            let held = self.places[market.id]
            places[market.id] = listed.count
            listed.append(market)
            latest.append(held.flatMap { self.latest[$0] })
            priceSlots.append(held.flatMap { self.priceSlots[$0] })
        }
        (self.places, self.listed, self.latest, self.priceSlots, marketCount) = (
            places, listed, latest, priceSlots, listed.count
        )
        version &+= 1
    }

    /// Whether `markets` is the list held, names and warnings alike.
    public func lists(exactly markets: [Market]) -> Bool {
        markets.count == marketCount && markets.allSatisfy { market($0.id) == $0 }
    }

    /// Offers one ticker: applied unless the board holds a newer one for the same market, or
    /// this same one.
    @discardableResult
    public mutating func apply(_ ticker: Ticker) -> ApplyResult {
        let place: Int
        if let known = places[ticker.marketID] {
            place = known
            if let held = latest[place], held.timestamp >= ticker.timestamp {
                if held.timestamp > ticker.timestamp { return .outdated }
                if held == ticker { return .repeated }
            }
        } else {
            place = listed.count
            places[ticker.marketID] = place
            listed.append(nil)
            latest.append(nil)
            priceSlots.append(nil)
        }
        latest[place] = ticker
        if let slot = priceSlots[place] {
            recentPrices.record(slot, price: ticker.price, at: ticker.timestamp)
        } else {
            priceSlots[place] = recentPrices.record(ticker.marketID, price: ticker.price, at: ticker.timestamp)
        }
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

    /// The listed markets, in the order they were listed.
    public var markets: [Market] { listed.compactMap(\.self) }

    /// The market with this id, if listed.
    public func market(_ id: MarketID) -> Market? { places[id].flatMap { listed[$0] } }

    /// The latest ticker of a market, if any has arrived.
    public func ticker(_ id: MarketID) -> Ticker? { places[id].flatMap { latest[$0] } }

    /// The row for a market: its names and latest ticker, once both are known.
    public func quote(_ id: MarketID) -> Quote? {
        guard let place = places[id], let market = listed[place], let ticker = latest[place] else { return nil }
        return Quote(market: market, ticker: ticker)
    }

    /// Every market with a ticker, in the order they were listed.
    public var quotes: [Quote] {
        latest.indices.compactMap { place in
            guard let market = listed[place], let ticker = latest[place] else { return nil }
            return Quote(market: market, ticker: ticker)
        }
    }

    /// The markets matching a search, with tickers, in the order they were listed; only those
    /// quoted in `quote` (a market group, `KRW`) when it is given.
    public func quotes(matching matcher: SearchMatcher, quotedIn quote: String? = nil) -> [Quote] {
        guard !matcher.matchesEverything || quote != nil else { return quotes }
        // Only the markets that match are made into quotes.
        return latest.indices.compactMap { place in
            guard let market = listed[place], let ticker = latest[place],
                quote.map({ market.id.isQuoted(in: $0) }) ?? true, matcher.matches(market)
            else { return nil }
            return Quote(market: market, ticker: ticker)
        }
    }
}
