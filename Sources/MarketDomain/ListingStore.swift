/// Where the markets each exchange listed are kept, to tell a new listing (issue 28): given the
/// list of now, it answers which markets were first listed within ``newFor``. `MarketStore`
/// keeps them in SQLite; tests hold them in memory.
public struct ListingStore: Sendable {
    /// Notes `markets` as `exchange`'s list at `now` (Unix ms); returns the new ones.
    public var note: @Sendable (_ exchange: Exchange, _ markets: [MarketID], _ now: Int64) throws -> Set<MarketID>

    /// How long a market is new after its first listing: a day, in ms.
    public static let newFor: Int64 = 86_400_000

    /// A store from its one operation.
    public init(
        note: @escaping @Sendable (_ exchange: Exchange, _ markets: [MarketID], _ now: Int64) throws -> Set<MarketID>
    ) {
        self.note = note
    }
}
