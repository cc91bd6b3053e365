/// One trade (체결) of a market: its price and size, which side took the liquidity, and when.
public struct Trade: Sendable, Equatable, Codable {
    /// The taker's side: `buy` when a buyer took an ask (매수 체결), `sell` when a seller took a bid.
    public enum Side: String, Sendable, Codable {
        case buy, sell
    }

    public var market: MarketID
    public var price: Double
    public var size: Double
    public var side: Side
    /// Unix ms.
    public var timestamp: Int64
    /// The exchange's number of the trade, larger for later ones.
    public var id: Int64

    public init(market: MarketID, price: Double, size: Double, side: Side, timestamp: Int64, id: Int64) {
        self.market = market
        self.price = price
        self.size = size
        self.side = side
        self.timestamp = timestamp
        self.id = id
    }

    /// 체결강도 as the Korean apps show it: the volume bought over the volume sold, in percent
    /// (above 100: buyers take more); `nil` when nothing was sold.
    public static func strength(of trades: [Trade]) -> Double? {
        let bought = trades.filter { $0.side == .buy }.reduce(0) { $0 + $1.size }
        let sold = trades.filter { $0.side == .sell }.reduce(0) { $0 + $1.size }
        guard sold > 0 else { return nil }
        return bought / sold * 100
    }
}
