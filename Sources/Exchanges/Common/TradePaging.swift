import MarketDomain

/// Paging through an exchange's trades to catch up to one already seen (issue 26: a `--follow`
/// or a tape after the feed was away), each exchange with its own way of asking for the next page.
enum TradePaging {
    /// The most pages one catch-up asks for (a rate limit shared with everything else).
    static let maximumPages = 10

    /// Pages back from the newest (`page(nil)`, then `page(oldest id so far)`) until a page reaches
    /// `after`, comes back shorter than `pageSize` (the exchange keeps no more), or
    /// ``maximumPages``; every trade of the pages (those at or before `after` too, for the caller to
    /// see it was reached), newest first.
    static func back(
        to after: Trade, pageSize: Int, page: (_ cursor: Int64?) async throws -> [Trade]
    ) async throws -> [Trade] {
        var trades: [Trade] = []
        var cursor: Int64?
        for _ in 0..<maximumPages {
            let rows = try await page(cursor)
            trades += rows
            guard rows.count >= pageSize, let oldest = rows.min(by: { ($0.timestamp, $0.id) < ($1.timestamp, $1.id) }),
                (oldest.timestamp, oldest.id) > (after.timestamp, after.id), oldest.id != cursor
            else { break }
            cursor = oldest.id
        }
        return newestFirst(trades)
    }

    /// Pages forward from the trade after `after` (`page(first id wanted)`), each page oldest first,
    /// until one comes back shorter than `pageSize` or ``maximumPages``; newest first.
    static func forward(
        from after: Trade, pageSize: Int, page: (_ fromID: Int64) async throws -> [Trade]
    ) async throws -> [Trade] {
        var trades: [Trade] = []
        var next = after.id + 1
        for _ in 0..<maximumPages {
            let rows = try await page(next)
            trades += rows
            guard rows.count >= pageSize, let newest = rows.map(\.id).max(), newest >= next else { break }
            next = newest + 1
        }
        return newestFirst(trades)
    }

    /// Each trade once (by id), newest first.
    private static func newestFirst(_ trades: [Trade]) -> [Trade] {
        var seen = Set<Int64>()
        return trades.sorted { ($0.timestamp, $0.id) > ($1.timestamp, $1.id) }.filter { seen.insert($0.id).inserted }
    }
}
