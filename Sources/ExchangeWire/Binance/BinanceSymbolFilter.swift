/// One of a symbol's `filters[]` in `GET /api/v3/exchangeInfo` (Binance's spot filters docs):
/// `PRICE_FILTER` with the tick, `LOT_SIZE` with the quantity step, `NOTIONAL` with the least
/// order value; numbers as strings, only the keys of its type present.
public struct BinanceSymbolFilter: Codable, Sendable, Equatable {
    /// `PRICE_FILTER`, `LOT_SIZE`, `NOTIONAL`, …
    public var filterType: String
    public var minPrice: WireDecimal?
    public var maxPrice: WireDecimal?
    public var tickSize: WireDecimal?
    public var minQty: WireDecimal?
    public var maxQty: WireDecimal?
    public var stepSize: WireDecimal?
    public var minNotional: WireDecimal?
    public var maxNotional: WireDecimal?
    public var applyMinToMarket: Bool?
    public var applyMaxToMarket: Bool?
    public var avgPriceMins: Int?

    /// A filter of `filterType` with none of its values yet.
    public init(filterType: String) {
        self.filterType = filterType
    }

    /// Prices from `tick` up to `max`, on multiples of `tick`.
    public static func price(tick: Double, max: Double) -> Self {
        var filter = Self(filterType: "PRICE_FILTER")
        filter.minPrice = WireDecimal(tick, decimals: 8)
        filter.maxPrice = WireDecimal(max, decimals: 8)
        filter.tickSize = WireDecimal(tick, decimals: 8)
        return filter
    }

    /// Quantities from `step` up to `max`, on multiples of `step`.
    public static func lotSize(step: Double, max: Double) -> Self {
        var filter = Self(filterType: "LOT_SIZE")
        filter.minQty = WireDecimal(step, decimals: 8)
        filter.maxQty = WireDecimal(max, decimals: 8)
        filter.stepSize = WireDecimal(step, decimals: 8)
        return filter
    }

    /// Orders worth at least `minimum` of the quote asset.
    public static func notional(minimum: Double) -> Self {
        var filter = Self(filterType: "NOTIONAL")
        filter.minNotional = WireDecimal(minimum, decimals: 8)
        filter.maxNotional = WireDecimal(9_000_000, decimals: 8)
        (filter.applyMinToMarket, filter.applyMaxToMarket, filter.avgPriceMins) = (true, false, 5)
        return filter
    }
}
