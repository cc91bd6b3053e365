import GRDB
public import MarketDomain

extension MarketStore {
    /// The watchlist of a source, in the person's order.
    public func watchlist(_ source: StockSource) throws -> Watchlist {
        try read { db in try Self.watchlist(source, in: db) }
    }

    /// Applies an edit to a source's watchlist and saves it, in one write transaction: the list
    /// is read inside it, so two running copies editing at once both keep their edits.
    @discardableResult
    public func editWatchlist(
        _ source: StockSource, _ change: (inout Watchlist) -> Watchlist.Change
    ) throws -> Watchlist.Change {
        try write { db in
            var list = try Self.watchlist(source, in: db)
            let result = change(&list)
            _ = try WatchlistEntryRecord.filter(WatchlistEntryRecord.Columns.source == source.rawValue).deleteAll(db)
            for (position, code) in list.codes.enumerated() {
                try WatchlistEntryRecord(source: source.rawValue, code: code, position: position).insert(db)
            }
            return result
        }
    }

    /// This store as the view models' watchlist store.
    public var watchlists: WatchlistStore {
        WatchlistStore(
            load: { try self.watchlist($0) },
            edit: { source, change in try self.editWatchlist(source) { change(&$0) } },
            changes: { self.changes() }
        )
    }

    /// The English names of KRX stocks that sources gave, by code.
    public func stockEnglishNames() throws -> [String: String] {
        try read { db in
            Dictionary(
                try StockNameRecord.fetchAll(db).map { ($0.code, $0.englishName) },
                uniquingKeysWith: { _, last in last })
        }
    }

    /// Keeps the English name a source gave for a stock.
    public func saveStockEnglishName(_ code: String, _ englishName: String) throws {
        try write { db in try StockNameRecord(code: code, englishName: englishName).save(db) }
    }

    /// This store as the view models' English-name store.
    public var stockNames: StockNameStore {
        StockNameStore(load: { try self.stockEnglishNames() }, save: { try self.saveStockEnglishName($0, $1) })
    }

    private static func watchlist(_ source: StockSource, in db: Database) throws -> Watchlist {
        Watchlist(
            try WatchlistEntryRecord.filter(WatchlistEntryRecord.Columns.source == source.rawValue)
                .order(WatchlistEntryRecord.Columns.position)
                .fetchAll(db)
                .map(\.code))
    }
}
