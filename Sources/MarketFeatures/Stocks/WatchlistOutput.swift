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

extension WatchlistOutput {
    /// What the empty watchlist suggests: only what the source can find (KRX names, 초성 and codes;
    /// US tickers where the source serves the US markets).
    static func emptyHint(_ source: StockSource) -> String {
        let examples = ["삼성전자", "ㅅㅅㅈㅈ", "005930"] + (source.serves(.nasdaq) ? ["AAPL"] : [])
        return "No stocks yet — press a to add one (\(examples.joined(separator: ", ")))"
    }

    /// A stock's line of figures: `199,400 KRW  -0.80%  -1,600  ·  52w 153,400 – 301,000`.
    static func summary(_ quote: StockQuote?, currency: String) -> String {
        guard let quote else { return "" }
        let decimals = currency == "KRW" ? 0 : 2
        var text =
            "\(NumberFormat.fixed(quote.price, decimals: decimals)) \(currency)  "
            + "\(NumberFormat.changeRate(quote.changeRate))  \(NumberFormat.signed(quote.changePrice, decimals: decimals))"
        if let low = quote.week52Low, let high = quote.week52High {
            text +=
                "  ·  52w \(NumberFormat.fixed(low, decimals: decimals)) – \(NumberFormat.fixed(high, decimals: decimals))"
        }
        return text
    }
}

extension WatchlistOutput.Row {
    /// The row of `entry`: placeholders until its quote is in.
    init(_ entry: WatchlistState.Entry, isSelected: Bool) {
        let decimals = entry.stock.currency == "KRW" ? 0 : 2
        let quote = entry.quote
        self.init(
            id: entry.stock.code, name: DisplayWidth.sanitized(entry.stock.name(in: .korean)),
            market: entry.stock.market.rawValue,
            price: quote.map { NumberFormat.fixed($0.price, decimals: decimals) } ?? "…",
            changeRate: quote.map { NumberFormat.changeRate($0.changeRate) } ?? "",
            changePrice: quote.map { NumberFormat.signed($0.changePrice, decimals: decimals) } ?? "",
            volume: quote.map { NumberFormat.fixed($0.volume, decimals: 0) } ?? "",
            sparkline: Sparkline.text(entry.closes), direction: quote?.direction ?? .even, state: entry.state,
            isSelected: isSelected)
    }
}
