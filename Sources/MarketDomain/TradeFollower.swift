/// Follows one market's trades so that each is printed once, in the order it happened, and none
/// is lost without a word (`sise trades --follow`, SPEC §1.13). A pure reducer: the command feeds
/// it the REST pages and the live batches, and prints what it returns.
///
/// - Only trades after the latest printed (by time, then id) are printed, oldest first; a batch
///   that overlaps what was printed (a REST paint after a reconnect) adds only what is new.
/// - After the feed was away (a reconnect, a stale spell) the command catches up *before*
///   printing the next live trade: it asks the exchange for its latest page and hands it to
///   ``catchUp(_:)``, which prints what was missed and says when the page does not reach back to
///   the last trade printed (a gap the exchange no longer serves).
/// - When the market numbers its trades one by one (seen from the trades themselves: a batch of
///   ids each one more than the last), a live batch whose first new id jumps is a gap too
///   (``needsCatchUp(before:)``), even when the connection never noticed (a stall whose bytes
///   were lost).
public struct TradeFollower: Sendable, Equatable {
    /// A stretch of trades that could not be printed.
    public struct Gap: Sendable, Equatable {
        /// The last trade printed before the gap.
        public var after: Trade
        /// The oldest trade printed after it.
        public var before: Trade
        /// How many trades are missing, when the ids tell (consecutive ids); otherwise `nil`.
        public var missing: Int64?
    }

    /// The newest trade printed.
    public private(set) var last: Trade?
    /// Whether this market's ids go up one by one; unknown until a batch shows it.
    public private(set) var consecutiveIDs: Bool?

    /// How many trades in a row must be numbered one by one to believe it.
    static let consecutiveEvidence = 5

    public init() {}

    /// The trades of `batch` (any order) not printed yet, oldest first; they count as printed.
    public mutating func take(_ batch: [Trade]) -> [Trade] {
        learnNumbering(batch)
        let fresh = newTrades(batch)
        if let newest = fresh.last { last = newest }
        return fresh
    }

    /// Whether the live `batch` starts after a gap that a catch-up should fill first: ids known to
    /// go one by one, and its first new trade more than one past the last printed.
    public func needsCatchUp(before batch: [Trade]) -> Bool {
        guard consecutiveIDs == true, let last, let first = newTrades(batch).first else { return false }
        return first.id > last.id + 1
    }

    /// Takes the exchange's latest `page` after the feed was away: the trades to print (those
    /// after the last printed, oldest first) and the gap left when the page does not reach back
    /// to the last printed trade.
    public mutating func catchUp(_ page: [Trade]) -> (trades: [Trade], gap: Gap?) {
        guard let previous = last else { return (take(page), nil) }
        let reachesBack = page.contains { $0.id == previous.id || Self.key($0) < Self.key(previous) }
        let trades = take(page)
        guard let oldest = trades.first else { return ([], nil) }
        if reachesBack || (consecutiveIDs == true && oldest.id == previous.id + 1) { return (trades, nil) }
        let missing = consecutiveIDs == true ? oldest.id - previous.id - 1 : nil
        if missing == 0 { return (trades, nil) }
        return (trades, Gap(after: previous, before: oldest, missing: missing))
    }

    private func newTrades(_ batch: [Trade]) -> [Trade] {
        var seen = Set<Int64>()
        return batch.filter { trade in
            last.map { Self.key(trade) > Self.key($0) } ?? true
        }
        .sorted { Self.key($0) < Self.key($1) }
        .filter { seen.insert($0.id).inserted }
    }

    /// Learns from a batch whether ids go one by one: once seen not to, never believed again.
    private mutating func learnNumbering(_ batch: [Trade]) {
        guard consecutiveIDs != false, batch.count >= Self.consecutiveEvidence else { return }
        let ids = batch.map(\.id).sorted()
        consecutiveIDs = zip(ids, ids.dropFirst()).allSatisfy { $1 == $0 + 1 }
    }

    private static func key(_ trade: Trade) -> (Int64, Int64) { (trade.timestamp, trade.id) }
}
