import MarketDomain

/// What one WebSocket session follows of its markets' depth: the books it subscribed (with the
/// levels each asked for), the tapes, and the newest trade each tape has sent, so that every
/// trade goes out once, oldest first, whatever batches the trades came in.
struct DepthFollowing: Sendable {
    /// Books followed, by venue market, with their levels a side.
    var books: [MarketID: Int] = [:]
    /// Tapes followed.
    var tapes: Set<MarketID> = []
    /// The books grouped by a unit (Upbit's `level`), by market.
    var groupings: [MarketID: Double] = [:]
    /// Whether live books and trades follow the snapshots (Upbit's `is_only_snapshot` ends them).
    var realtimeBooks = true
    var realtimeTrades = true
    /// The id of the newest trade sent, by market.
    private var lastSent: [MarketID: Int64] = [:]

    /// Nothing followed.
    var isEmpty: Bool { books.isEmpty && tapes.isEmpty }

    /// The most levels any followed book asks for.
    var deepest: Int { books.values.max() ?? 0 }

    /// Of `ids` (a batch of traded markets, repeats allowed), the ones followed, each once, in order.
    func followed(_ ids: [MarketID]) -> [MarketID] {
        var seen = Set<MarketID>()
        return ids.filter { (books[$0] != nil || tapes.contains($0)) && seen.insert($0).inserted }
    }

    /// The trades of `market` not sent yet, oldest first, from its latest ones (newest first),
    /// now counted as sent. The first call for a market sends only the newest: a tape starts now.
    mutating func unsent(_ newestFirst: [Trade], of market: MarketID) -> [Trade] {
        guard let newest = newestFirst.first else { return [] }
        defer { lastSent[market] = max(lastSent[market] ?? .min, newest.id) }
        guard let last = lastSent[market] else { return [newest] }
        return newestFirst.prefix { $0.id > last }.reversed()
    }

    /// What to send of these markets now: each one's book when `books` are wanted and it follows
    /// one (on the venue's grid, as deep as it asked), and when `trades` are wanted its trades not
    /// sent yet, oldest first, now counted as sent; markets with nothing to send are left out.
    mutating func updates(
        of markets: [MarketID], on venue: SimulatedVenue, books: Bool, trades: Bool, now: Int64
    ) -> [DepthUpdate] {
        markets.compactMap { market in
            let levels = books ? self.books[market] : nil
            let tape = trades && tapes.contains(market)
            guard levels != nil || tape,
                let depth = venue.depth(
                    market, levels: levels ?? 1, trades: tape ? SimulatedTape.recent : 0, now: now)
            else { return nil }
            let grouping = levels == nil ? nil : groupings[market]
            let book = grouping.flatMap { venue.groupedBook(market, level: $0, count: levels ?? 1, now: now) }
            // A level the market does not take sends no book (REST answers it with an empty list).
            let sendsBook = levels != nil && (grouping == nil || book != nil)
            guard sendsBook || tape else { return nil }
            return DepthUpdate(
                market: market, sendsBook: sendsBook, book: book ?? depth.book,
                trades: tape ? unsent(depth.trades, of: market) : [], previousClose: depth.figures.previousClose,
                level: book == nil ? nil : grouping)
        }
    }

    /// Forgets what was sent of markets no longer followed.
    mutating func forgetUnfollowed() {
        lastSent = lastSent.filter { tapes.contains($0.key) }
    }
}

/// One market's depth a session sends now (``DepthFollowing/updates(of:on:books:trades:now:)``).
struct DepthUpdate: Sendable {
    let market: MarketID
    /// Whether the book goes out (else it only gives the trades their best bid and ask).
    let sendsBook: Bool
    /// As deep as the session asked.
    let book: OrderBook
    /// Not sent before, oldest first.
    let trades: [Trade]
    let previousClose: Double
    /// The unit the book is grouped by, when it is.
    var level: Double?
}
