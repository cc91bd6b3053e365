public import MarketDomain

/// One trade as Korbit v2 gives it, in the `data` array of `GET /v2/trades?symbol=btc_krw&limit=`
/// and of the WebSocket's `trade` messages: `{timestamp, price, qty, isBuyerTaker, tradeId}`,
/// numbers as strings (exchange-apis.md §3.6), newest first.
public struct KorbitTradeDTO: Codable, Sendable, Equatable {
    /// Unix ms.
    public var timestamp: Int64
    public var price: WireDecimal
    public var qty: WireDecimal
    /// A buyer took an ask.
    public var isBuyerTaker: Bool
    public var tradeId: Int64

    public init(timestamp: Int64, price: WireDecimal, qty: WireDecimal, isBuyerTaker: Bool, tradeId: Int64) {
        self.timestamp = timestamp
        self.price = price
        self.qty = qty
        self.isBuyerTaker = isBuyerTaker
        self.tradeId = tradeId
    }

    /// The trade of `market`; `nil` when a number cannot be read.
    public func toDomain(market: MarketID) -> Trade? {
        guard let price = price.value, let size = qty.value else { return nil }
        return Trade(
            market: market, price: price, size: size, side: isBuyerTaker ? .buy : .sell, timestamp: timestamp,
            id: tradeId)
    }

    /// The row of `trade`, as Korbit writes it.
    public init(_ trade: Trade) {
        self.init(
            timestamp: trade.timestamp, price: WireDecimal(trade.price), qty: WireDecimal(trade.size),
            isBuyerTaker: trade.side == .buy, tradeId: trade.id)
    }
}
