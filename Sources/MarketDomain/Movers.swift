/// The markets that moved most over a window (issue 28): the top risers and the top fallers of
/// a board, from its recent prices; markets whose window is not covered yet are left out.
public struct Movers: Sendable, Equatable {
    /// One market and how far it moved.
    public struct Entry: Sendable, Equatable, Codable {
        public var market: MarketID
        public var name: String
        /// The move as a fraction (0.012 for +1.2 %).
        public var change: Double
        public var price: Double

        /// Makes an entry.
        public init(market: MarketID, name: String, change: Double, price: Double) {
            self.market = market
            self.name = name
            self.change = change
            self.price = price
        }
    }

    /// The largest rises first.
    public var risers: [Entry]
    /// The largest falls first.
    public var fallers: [Entry]

    /// Movers of these lists.
    public init(risers: [Entry], fallers: [Entry]) {
        self.risers = risers
        self.fallers = fallers
    }

    /// The top `top` risers and fallers of `board` over `window` ms, among the markets quoted in
    /// `quote` (all when nil), named in `language`.
    public init(board: TickerBoard, window: Int64, top: Int, quote: String? = nil, language: NameLanguage = .korean) {
        let changes = board.recentPrices.changes(over: window)
        let entries: [Entry] = changes.compactMap { id, change in
            guard quote == nil || id.quote == quote, let quoteRow = board.quote(id) else { return nil }
            return Entry(
                market: id, name: quoteRow.market.name(in: language), change: change, price: quoteRow.ticker.price)
        }
        // Ties go by market code, so the lists do not shuffle between two runs.
        risers = Array(
            entries.filter { $0.change > 0 }.sorted { ($0.change, $1.market) > ($1.change, $0.market) }.prefix(top))
        fallers = Array(
            entries.filter { $0.change < 0 }.sorted { ($0.change, $0.market) < ($1.change, $1.market) }.prefix(top))
    }
}
