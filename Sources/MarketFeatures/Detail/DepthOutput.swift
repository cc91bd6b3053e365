public import MarketDomain

/// What the detail view shows of a market's depth (SPEC §1.13), formatted: the order book's
/// levels with their share of the largest for a size bar, the spread, the tape and 체결강도.
public struct DepthOutput: Sendable, Equatable, Codable {
    /// One price level of a side.
    public struct Level: Sendable, Equatable, Codable {
        public var price: String
        public var size: String
        /// The level's size over the largest shown on either side, 0…1, for its bar.
        public var share: Double
        /// How the size just changed (grew: rise, shrank: fall), while it flashes.
        public var flash: ChangeDirection?
        /// The sizes from the best price out to this level (누적).
        public var total: String

        public init(price: String, size: String, share: Double, flash: ChangeDirection?, total: String = "") {
            self.price = price
            self.size = size
            self.share = share
            self.flash = flash
            self.total = total
        }
    }

    /// One trade of the tape.
    public struct TradeRow: Sendable, Equatable, Codable {
        /// `HH:mm:ss` in KST.
        public var time: String
        public var side: Trade.Side
        public var price: String
        public var size: String
        /// Whether the trade is large for this market: worth at least ``largeTradeFactor`` times
        /// the median trade of the tape (issue 28: large trades stand out in the tape).
        public var isLarge: Bool

        public init(time: String, side: Trade.Side, price: String, size: String, isLarge: Bool = false) {
            self.time = time
            self.side = side
            self.price = price
            self.size = size
            self.isLarge = isLarge
        }
    }

    /// How many times the tape's median trade value a trade must be worth to stand out.
    public static let largeTradeFactor = 5.0

    /// The value (price × size) from which a trade of `tape` is large; nil for a tape of fewer
    /// than ten trades, too few to say what is usual.
    static func largeTradeValue(_ tape: [Trade]) -> Double? {
        guard tape.count >= 10 else { return nil }
        let values = tape.map { $0.price * $0.size }.sorted()
        return values[values.count / 2] * largeTradeFactor
    }

    /// Asks, lowest (the best) first.
    public var asks: [Level] = []
    /// Bids, highest (the best) first.
    public var bids: [Level] = []
    /// The best ask less the best bid, and its share of the mid: `1,000 (0.01%)`.
    public var spread = ""
    public var totalAskSize = ""
    public var totalBidSize = ""
    /// Bids against asks over the book: `+12.5%` leans to the bids.
    public var imbalance = ""
    /// The latest trades, newest first.
    public var trades: [TradeRow] = []
    /// 체결강도 over the tape: `123.4%`, `—` before any sell.
    public var strength = "—"
    /// Set while the book loads or the feed is not live.
    public var status: String?
    /// The unit the book's prices are grouped by (호가 모아보기, `10,000`), while they are.
    public var grouping: String?

    /// Levels a side shown: as many as Upbit serves (Bithumb's feed gives 15, Binance's 20).
    public static let levels = 30

    public init() {}

    /// The depth formatted, the sizes that changed against `previous` (the book shown before)
    /// marked to flash when `flashing`; `grouped` shows instead of the feed's book, its prices
    /// grouped by `grouping` (호가 모아보기).
    public init(
        _ depth: MarketDepth, previous: OrderBook?, flashing: Bool, grouped: OrderBook? = nil, grouping: Double? = nil,
        levels: Int = DepthOutput.levels, trades: Int = 30
    ) {
        let quote = depth.market.quote
        if let grouping { self.grouping = NumberFormat.price(grouping, quote: quote) }
        if let book = (grouped ?? depth.book)?.limited(to: levels) {
            let largest = (book.asks + book.bids).map(\.size).max() ?? 0
            // A level flashes when its size changed on its own side; one the price moved through
            // (a bid become an ask) is a new level there, not a change (issue 65: it strobed).
            func sizes(_ levels: [OrderBook.Level]?) -> [Double: Double] {
                Dictionary((levels ?? []).map { ($0.price, $0.size) }, uniquingKeysWith: { first, _ in first })
            }
            let (askSizes, bidSizes) = (sizes(previous?.asks), sizes(previous?.bids))
            func level(_ level: OrderBook.Level, before: [Double: Double]) -> Level {
                var flash: ChangeDirection?
                if flashing, let old = before[level.price], old != level.size {
                    flash = level.size > old ? .rise : .fall
                }
                return Level(
                    price: NumberFormat.price(level.price, quote: quote), size: Self.size(level.size),
                    share: largest > 0 ? level.size / largest : 0, flash: flash)
            }
            func side(_ levels: [OrderBook.Level], before: [Double: Double]) -> [Level] {
                zip(levels, OrderBook.runningTotals(levels)).map { entry, total in
                    var shown = level(entry, before: before)
                    shown.total = Self.size(total)
                    return shown
                }
            }
            asks = side(book.asks, before: askSizes)
            bids = side(book.bids, before: bidSizes)
            // The spread is the market's (the feed's book), never a grouped book's unit.
            let market = depth.book ?? book
            if let gap = market.spread, let mid = market.mid {
                let share = NumberFormat.fixed(gap / mid * 100, decimals: 3)
                spread = "\(NumberFormat.price(gap, quote: quote)) (\(share)%)"
            }
            totalAskSize = Self.size(book.totalAskSize)
            totalBidSize = Self.size(book.totalBidSize)
            imbalance = book.imbalance.map { NumberFormat.signed($0 * 100, decimals: 1) + "%" } ?? ""
        }
        let large = Self.largeTradeValue(depth.tape)
        self.trades = depth.tape.prefix(trades).map { trade in
            TradeRow(
                time: KoreanTime.clock(trade.timestamp),
                side: trade.side, price: NumberFormat.price(trade.price, quote: quote), size: Self.size(trade.size),
                isLarge: large.map { trade.price * trade.size >= $0 } ?? false)
        }
        strength = depth.strength.map { NumberFormat.fixed($0, decimals: 1) + "%" } ?? "—"
        switch depth.connection {
        case .live: status = depth.book == nil ? "Loading the order book…" : nil
        case .connecting: status = depth.book == nil ? "Loading the order book…" : "connecting"
        case let state: status = state.label
        }
    }

    /// A size to four decimals, as the exchanges' apps show coin amounts.
    private static func size(_ value: Double) -> String { NumberFormat.fixed(value, decimals: 4) }
}
