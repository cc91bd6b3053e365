import Foundation
import GRDB
public import MarketDomain

extension MarketStore {
    /// The favorites of an exchange, oldest first.
    public func favorites(_ exchange: Exchange) throws -> [MarketID] {
        try read { db in
            try FavoriteRecord.filter(FavoriteRecord.Columns.exchange == exchange.rawValue)
                .order(FavoriteRecord.Columns.addedAt, FavoriteRecord.Columns.market)
                .fetchAll(db)
                .compactMap { MarketID($0.market) }
        }
    }

    /// Adds or removes one favorite.
    public func setFavorite(_ exchange: Exchange, _ market: MarketID, _ isFavorite: Bool) throws {
        let time = currentTime
        try write { db in
            if isFavorite {
                let record = FavoriteRecord(exchange: exchange.rawValue, market: market.rawValue, addedAt: time)
                try record.insert(db, onConflict: .ignore)
            } else {
                _ = try FavoriteRecord.deleteOne(db, key: ["exchange": exchange.rawValue, "market": market.rawValue])
            }
        }
    }

    /// Removes every favorite of an exchange; returns how many there were.
    @discardableResult
    public func clearFavorites(_ exchange: Exchange) throws -> Int {
        try write { db in try FavoriteRecord.filter(FavoriteRecord.Columns.exchange == exchange.rawValue).deleteAll(db)
        }
    }

    /// The text saved under a key by a feature (the board's settings, …), or nil.
    public func setting(_ key: String) throws -> String? {
        try read { db in try SettingRecord.fetchOne(db, key: key)?.value }
    }

    /// Saves a feature's text under a key.
    public func saveSetting(_ key: String, _ value: String) throws {
        try write { db in try SettingRecord(key: key, value: value).save(db) }
    }

    /// The cached daily candles of a market, oldest first.
    public func cachedCandles(_ exchange: Exchange, _ market: MarketID) throws -> [Candle] {
        try read { db in
            try DailyCandleRecord
                .filter(DailyCandleRecord.Columns.exchange == exchange.rawValue)
                .filter(DailyCandleRecord.Columns.market == market.rawValue)
                .order(DailyCandleRecord.Columns.day)
                .fetchAll(db)
                .map(\.candle)
        }
    }

    /// Stores daily candles, replacing those of the same days.
    public func cacheCandles(_ exchange: Exchange, _ market: MarketID, _ candles: [Candle]) throws {
        try write { db in
            for candle in candles {
                try DailyCandleRecord(exchange: exchange, market: market, candle: candle).save(db)
            }
        }
    }

    /// The shared coin-name table as last saved (empty when never saved).
    public func coinNames() throws -> CoinNames {
        let records = try read { db in try CoinNameRecord.fetchAll(db) }
        return CoinNames(
            bySymbol: Dictionary(
                records.map { ($0.symbol, CoinNames.Names(korean: $0.koreanName, english: $0.englishName)) },
                uniquingKeysWith: { first, _ in first }))
    }

    /// Replaces the shared coin-name table, in one transaction.
    public func saveCoinNames(_ names: CoinNames) throws {
        let time = currentTime
        try write { db in
            _ = try CoinNameRecord.deleteAll(db)
            for (symbol, pair) in names.bySymbol {
                try CoinNameRecord(symbol: symbol, koreanName: pair.korean, englishName: pair.english, updatedAt: time)
                    .insert(db)
            }
        }
    }

    /// The KRX list downloaded last (the KIS master files), and when, if one was saved.
    public func cachedStockList() throws -> (fetchedAt: Int64, stocks: [Stock])? {
        let json = try read { db in try SettingRecord.fetchOne(db, key: Self.stockListKey)?.value }
        guard let json, let saved = try? JSONDecoder().decode(SavedStockList.self, from: Data(json.utf8)) else {
            return nil
        }
        return (saved.fetchedAt, saved.stocks)
    }

    /// Saves the KRX list downloaded at a time.
    public func saveStockList(fetchedAt: Int64, _ stocks: [Stock]) throws {
        let data: Data
        do { data = try JSONEncoder().encode(SavedStockList(fetchedAt: fetchedAt, stocks: stocks)) } catch {
            throw StoreError("cannot encode the stock list: \(error)")
        }
        let record = SettingRecord(key: Self.stockListKey, value: String(decoding: data, as: UTF8.self))
        try write { db in try record.save(db) }
    }

    private static let stockListKey = "krx.master"

    /// The saved KRX list, as JSON in the `setting` table.
    private struct SavedStockList: Codable {
        var fetchedAt: Int64
        var stocks: [Stock]
    }

    /// This store as the view models' preference store.
    public var preferences: PreferenceStore {
        PreferenceStore(
            favorites: { try self.favorites($0) },
            setFavorite: { try self.setFavorite($0, $1, $2) },
            clearFavorites: { try self.clearFavorites($0) },
            setting: { try self.setting($0) },
            saveSetting: { try self.saveSetting($0, $1) },
            cachedCandles: { try self.cachedCandles($0, $1) },
            cacheCandles: { try self.cacheCandles($0, $1, $2) },
            coinNames: { try self.coinNames() },
            saveCoinNames: { try self.saveCoinNames($0) },
            changes: { self.changes() }
        )
    }

}
