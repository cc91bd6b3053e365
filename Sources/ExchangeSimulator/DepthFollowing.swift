import MarketDomain

/// What one WebSocket session follows of its markets' depth: the books it subscribed (with the
/// levels each asked for), the tapes, and the newest trade each tape has sent, so that every
/// trade goes out once, oldest first, whatever batches the trades came in.
struct DepthFollowing: Sendable {
    /// Books followed, by venue market, with their levels a side.
    var books: [MarketID: Int] = [:]
    /// Tapes followed.
    var tapes: Set<MarketID> = []
    /// Whether live books and trades follow the snapshots (Upbit's `is_only_snapshot` ends them).
    var realtimeBooks = true
    var realtimeTrades = true
    /// The id of the newest trade sent, by market.
    private var lastSent: [MarketID: Int64] = [:]

    /// Nothing followed.
    var isEmpty: Bool { books.isEmpty && tapes.isEmpty }

    /// The most levels any followed book asks for.
    var deepest: Int { books.values.max() ?? 0 }

    /// Of `ids` (a batch of traded markets, repeats allowed), the ones followed, each once, in order.
    func followed(_ ids: [MarketID]) -> [MarketID] {
        var seen = Set<MarketID>()
        return ids.filter { (books[$0] != nil || tapes.contains($0)) && seen.insert($0).inserted }
    }

    /// The trades of `market` not sent yet, oldest first, from its latest ones (newest first),
    /// now counted as sent. The first call for a market sends only the newest: a tape starts now.
    mutating func unsent(_ newestFirst: [Trade], of market: MarketID) -> [Trade] {
        guard let newest = newestFirst.first else { return [] }
        defer { lastSent[market] = max(lastSent[market] ?? .min, newest.id) }
        guard let last = lastSent[market] else { return [newest] }
        return newestFirst.prefix { $0.id > last }.reversed()
    }

    /// Forgets what was sent of markets no longer followed.
    mutating func forgetUnfollowed() {
        lastSent = lastSent.filter { tapes.contains($0.key) }
    }
}
