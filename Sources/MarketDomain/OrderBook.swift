/// One market's order book (호가) at one instant: asks from the lowest price up, bids from the
/// highest down, never crossed (the best bid is below the best ask), whatever it was read from.
public struct OrderBook: Sendable, Equatable, Codable {
    /// One price level of a side: its price and the size waiting at it.
    public struct Level: Sendable, Equatable, Codable {
        public var price: Double
        public var size: Double

        public init(price: Double, size: Double) {
            self.price = price
            self.size = size
        }
    }

    public var market: MarketID
    /// When the exchange made the book, Unix ms.
    public var timestamp: Int64
    /// Lowest price first.
    public private(set) var asks: [Level]
    /// Highest price first.
    public private(set) var bids: [Level]

    /// A book of these levels: each side put in its order, the sizes of one price summed, levels
    /// with a price or size that is not a positive finite number (below
    /// ``Ticker/largestPlausibleAmount``) left out, and bids at or above
    /// the best ask left out (a crossed book is never shown).
    public init(market: MarketID, timestamp: Int64, asks: [Level], bids: [Level]) {
        self.market = market
        self.timestamp = timestamp
        self.asks = Self.side(asks, highestFirst: false)
        let bestAsk = self.asks.first?.price ?? .infinity
        self.bids = Self.side(bids, highestFirst: true).filter { $0.price < bestAsk }
    }

    public var bestAsk: Level? { asks.first }
    public var bestBid: Level? { bids.first }

    /// The best ask less the best bid; `nil` without both.
    public var spread: Double? {
        guard let ask = bestAsk, let bid = bestBid else { return nil }
        return ask.price - bid.price
    }

    /// Halfway between the best bid and the best ask; `nil` without both.
    public var mid: Double? {
        guard let ask = bestAsk, let bid = bestBid else { return nil }
        return (ask.price + bid.price) / 2
    }

    public var totalAskSize: Double { asks.reduce(0) { $0 + $1.size } }
    public var totalBidSize: Double { bids.reduce(0) { $0 + $1.size } }

    /// Which side has more waiting: (bids − asks) / (bids + asks) over the book's sizes, from −1
    /// (asks only) to +1 (bids only); `nil` for an empty book.
    public var imbalance: Double? {
        let bids = totalBidSize
        let asks = totalAskSize
        guard bids + asks > 0 else { return nil }
        return (bids - asks) / (bids + asks)
    }

    /// The book with at most `depth` levels a side.
    public func limited(to depth: Int) -> OrderBook {
        var book = self
        book.asks = Array(asks.prefix(max(0, depth)))
        book.bids = Array(bids.prefix(max(0, depth)))
        return book
    }

    private static func side(_ levels: [Level], highestFirst: Bool) -> [Level] {
        var sizes: [Double: Double] = [:]
        let largest = Ticker.largestPlausibleAmount
        for level in levels
        where level.price.isFinite && level.price > 0 && level.price < largest && level.size.isFinite && level.size > 0
            && level.size < largest
        {
            sizes[level.price, default: 0] += level.size
        }
        return sizes.map { Level(price: $0.key, size: $0.value) }
            .sorted { highestFirst ? $0.price > $1.price : $0.price < $1.price }
    }
}
