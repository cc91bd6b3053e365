/// Where the premium history is kept (issue 29): `MarketStore` keeps it in SQLite, tests in
/// memory. However many copies of Sise share one database, only one records at a time: the
/// writer holds a lease it renews with each write, and another takes over once it lapses.
public struct PremiumHistoryStore: Sendable {
    /// Records finished minute bars as `writer` at `now` (Unix ms), rolling them up into their
    /// hours and days; returns false, writing nothing, while another writer holds the lease.
    public var record: @Sendable (_ minutes: [PremiumBar], _ writer: String, _ now: Int64) throws -> Bool
    /// A coin's bars of `interval` from `from` (Unix ms) on, oldest first.
    public var bars: @Sendable (_ symbol: String, _ interval: PremiumInterval, _ from: Int64) throws -> [PremiumBar]
    /// Adds day bars where the coin has none for that day (a back-fill never overwrites what was
    /// recorded); returns how many were added.
    public var addDays: @Sendable (_ days: [PremiumBar]) throws -> Int

    /// How long a writer's lease lasts after its last write: past it, another copy records.
    public static let lease: Int64 = 150_000

    /// A store from its operations.
    public init(
        record: @escaping @Sendable (_ minutes: [PremiumBar], _ writer: String, _ now: Int64) throws -> Bool,
        bars: @escaping @Sendable (_ symbol: String, _ interval: PremiumInterval, _ from: Int64) throws -> [PremiumBar],
        addDays: @escaping @Sendable (_ days: [PremiumBar]) throws -> Int
    ) {
        self.record = record
        self.bars = bars
        self.addDays = addDays
    }
}
