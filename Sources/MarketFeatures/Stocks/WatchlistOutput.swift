public import MarketDomain

/// Everything the Watchlist tab shows (SPEC §1.7), formatted.
public struct WatchlistOutput: Sendable, Equatable, Codable {
    /// One row, formatted.
    public struct Row: Sendable, Equatable, Identifiable, Codable {
        public var id: String
        public var name: String
        public var market: String
        public var price: String
        public var changeRate: String
        public var changePrice: String
        public var volume: String
        /// The last closes as block characters.
        public var sparkline: String
        public var direction: ChangeDirection
        public var state: RowState
        public var isSelected: Bool

        /// Makes a row (for renderers' tests and other faces of the tab).
        public init(
            id: String, name: String, market: String, price: String, changeRate: String, changePrice: String,
            volume: String, sparkline: String, direction: ChangeDirection, state: RowState, isSelected: Bool
        ) {
            self.id = id
            self.name = name
            self.market = market
            self.price = price
            self.changeRate = changeRate
            self.changePrice = changePrice
            self.volume = volume
            self.sparkline = sparkline
            self.direction = direction
            self.state = state
            self.isSelected = isSelected
        }
    }

    /// Where a row's data stands.
    public enum RowState: Sendable, Equatable, Codable {
        case loading
        case loaded
        case failed(String)

        // The JSON name of the failure's text: `{"failed":{"reason":"…"}}`.
        enum FailedCodingKeys: String, CodingKey { case _0 = "reason" }
    }

    /// The detail of one stock: its line of figures and its daily bars for the chart.
    public struct Detail: Sendable, Equatable, Codable {
        public var code: String
        public var name: String
        public var market: String
        public var currency: String
        /// `199,400  -0.80%  -1,600  ·  52w 153,400 – 301,000`, once the quote is known.
        public var summary: String
        /// Daily bars, oldest first (empty while loading).
        public var bars: [StockBar]
        public var isLoading: Bool
        public var error: String?
    }

    public var source = ""
    /// The detail chart, while it is open.
    public var detail: Detail?
    public var rows: [Row] = []
    public var selectedIndex: Int?
    /// The add-a-stock search, while it is open.
    public var search: StockSearchViewModel.Output?
    public var confirmation: String?
    public var toast: String?
    /// `3/5 loaded · 2 loading`, and the source's trouble when it has some.
    public var status = ""
    public var placeholder: String?

    public init() {}
}
