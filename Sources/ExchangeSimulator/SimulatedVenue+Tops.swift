import MarketDomain

/// A market's figures with the top of its book: what a ticker that names a best bid and ask
/// (Binance's, Korbit's) reads, so that its bid and ask are the book's.
struct VenueTop: Sendable {
    let figures: CoinFigures
    /// One level a side, as the venue's book serves it now.
    let book: OrderBook
}

extension SimulatedVenue {
    /// Each listed market of `ids` with the first level of each side of its book now, in order;
    /// unlisted ones left out.
    func tops(_ ids: [MarketID], now: Int64) -> [VenueTop] {
        ids.compactMap { id in
            depth(id, levels: 1, trades: 0, now: now).map { VenueTop(figures: $0.figures, book: $0.book) }
        }
    }
}
