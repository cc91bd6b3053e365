/// The markets one batch of trades moved: their positions in the world's catalog
/// (``SimulatedMarket/markets``), in trade order, a market once per trade.
///
/// Positions rather than ids, so that a session at a firehose's rate picks what it sends with
/// array lookups instead of hashing a market code per trade.
public struct TradedMarkets: Sendable, Equatable {
    /// Catalog positions, in trade order.
    public let positions: [Int]

    /// Whether nothing traded.
    public var isEmpty: Bool { positions.isEmpty }
}
