public import MarketDomain

/// One row of Binance's `GET /api/v3/trades?symbol=BTCUSDT&limit=500`: recent trades, oldest
/// first, `isBuyerMaker` true when the seller took the bid (Binance's spot API docs, "Recent
/// trades list").
public struct BinanceTradeDTO: Codable, Sendable, Equatable {
    public var id: Int64
    public var price: WireDecimal
    public var qty: WireDecimal
    public var quoteQty: WireDecimal
    /// Unix ms.
    public var time: Int64
    public var isBuyerMaker: Bool
    public var isBestMatch: Bool

    public init(
        id: Int64, price: WireDecimal, qty: WireDecimal, quoteQty: WireDecimal, time: Int64, isBuyerMaker: Bool,
        isBestMatch: Bool
    ) {
        self.id = id
        self.price = price
        self.qty = qty
        self.quoteQty = quoteQty
        self.time = time
        self.isBuyerMaker = isBuyerMaker
        self.isBestMatch = isBestMatch
    }

    /// The trade of `market`; `nil` when a number cannot be read.
    public func toDomain(market: MarketID) -> Trade? {
        guard let price = price.value, let size = qty.value else { return nil }
        return Trade(
            market: market, price: price, size: size, side: isBuyerMaker ? .sell : .buy, timestamp: time, id: id)
    }

    /// The row of `trade`, as Binance writes it.
    public init(_ trade: Trade) {
        self.init(
            id: trade.id, price: WireDecimal(trade.price), qty: WireDecimal(trade.size),
            quoteQty: WireDecimal(trade.price * trade.size), time: trade.timestamp, isBuyerMaker: trade.side == .sell,
            isBestMatch: true)
    }
}
