import GRDB
public import MarketDomain

extension MarketStore {
    /// Notes the markets an exchange lists now and returns those first listed within the last
    /// day (the NEW badge). The first list seen of an exchange is its baseline: none of it is new.
    public func noteListing(_ exchange: Exchange, markets: [MarketID], at now: Int64) throws -> Set<MarketID> {
        try write { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT market, firstSeen FROM listedMarket WHERE exchange = ?", arguments: [exchange.rawValue]
            )
            var known: [String: Int64] = [:]
            for row in rows { known[row["market"]] = row["firstSeen"] }
            let firstList = known.isEmpty
            let insert = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO listedMarket (exchange, market, firstSeen) VALUES (?, ?, ?)")
            for id in markets where known[id.rawValue] == nil {
                let seen = firstList ? 0 : now
                try insert.execute(arguments: [exchange.rawValue, id.rawValue, seen])
                known[id.rawValue] = seen
            }
            return Set(
                markets.filter { id in known[id.rawValue].map { $0 > 0 && now - $0 < ListingStore.newFor } ?? false })
        }
    }

    /// The store as a live board's listing watch sees it.
    public var listings: ListingStore {
        ListingStore { exchange, markets, now in try self.noteListing(exchange, markets: markets, at: now) }
    }
}
