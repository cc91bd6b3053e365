import GRDB
public import MarketDomain

/// The premium history's tables: one per bar width, the same columns in each.
enum PremiumTables {
    static let all = PremiumInterval.allCases.map(table)
    /// Over tether, then over the bank rate: open, high, low, close.
    static let valueColumns = ["usdtOpen", "usdtHigh", "usdtLow", "usdtClose", "fxOpen", "fxHigh", "fxLow", "fxClose"]

    static func table(_ interval: PremiumInterval) -> String {
        switch interval {
        case .minute: "premiumMinute"
        case .hour: "premiumHour"
        case .day: "premiumDay"
        }
    }

    /// A premium as stored: whole millionths.
    static func stored(_ value: Double?) -> Int64? {
        value.flatMap { $0.isFinite ? Int64(($0 * 1_000_000).rounded()) : nil }
    }

    static func value(_ stored: Int64) -> Double { Double(stored) / 1_000_000 }

    static func arguments(_ bar: PremiumBar) -> StatementArguments {
        let usdt = [bar.usdt.open, bar.usdt.high, bar.usdt.low, bar.usdt.close].map(stored)
        let fx = [bar.fx?.open, bar.fx?.high, bar.fx?.low, bar.fx?.close].map(stored)
        return StatementArguments([bar.symbol, bar.start] + (usdt + fx).map { $0 as (any DatabaseValueConvertible)? })
    }

    static func bar(_ row: Row, interval: PremiumInterval) -> PremiumBar? {
        func ohlc(_ prefix: String) -> PremiumOHLC? {
            guard let open: Int64 = row[prefix + "Open"], let high: Int64 = row[prefix + "High"],
                let low: Int64 = row[prefix + "Low"], let close: Int64 = row[prefix + "Close"]
            else { return nil }
            return PremiumOHLC(open: value(open), high: value(high), low: value(low), close: value(close))
        }
        guard let usdt = ohlc("usdt") else { return nil }
        return PremiumBar(symbol: row["symbol"], interval: interval, start: row["start"], usdt: usdt, fx: ohlc("fx"))
    }

    static func insert(_ interval: PremiumInterval, replacing: Bool) -> String {
        let columns = ["symbol", "start"] + valueColumns
        return
            "INSERT OR \(replacing ? "REPLACE" : "IGNORE") INTO \(table(interval)) (\(columns.joined(separator: ", "))) "
            + "VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
    }
}

extension MarketStore {
    /// Records finished minute bars as `writer` at `now`, with their hours and days rolled up
    /// from the minutes and hours stored, and rows past their retention dropped; false, writing
    /// nothing, while another writer's lease (``PremiumHistoryStore/lease``) holds.
    public func recordPremiumMinutes(_ minutes: [PremiumBar], writer: String, now: Int64) throws -> Bool {
        try write { db in
            if let holder = try Row.fetchOne(db, sql: "SELECT writer, until FROM premiumWriter WHERE id = 1"),
                holder["writer"] as String != writer, holder["until"] as Int64 > now
            {
                return false
            }
            try db.execute(
                sql: """
                    INSERT INTO premiumWriter (id, writer, until) VALUES (1, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET writer = excluded.writer, until = excluded.until
                    """, arguments: [writer, now + PremiumHistoryStore.lease])
            // Each statement is parsed once and kept (a minute's record runs every minute, each
            // statement once a coin).
            let minuteInsert = try db.cachedStatement(sql: PremiumTables.insert(.minute, replacing: true))
            for bar in minutes where bar.interval == .minute {
                try minuteInsert.execute(arguments: PremiumTables.arguments(bar))
            }
            // Each hour and day a new minute falls in, again from what it holds.
            var touched = Set(minutes.map { "\($0.symbol) \(PremiumInterval.hour.start(of: $0.start))" })
            for narrow in [PremiumInterval.minute, .hour] {
                guard let wide = narrow.wider else { continue }
                var next: Set<String> = []
                for key in touched {
                    let parts = key.split(separator: " ")
                    guard parts.count == 2, let start = Int64(parts[1]) else { continue }
                    let symbol = String(parts[0])
                    let held = try Row.fetchAll(
                        db.cachedStatement(
                            sql:
                                "SELECT * FROM \(PremiumTables.table(narrow)) WHERE symbol = ? AND start >= ? AND start < ? ORDER BY start"
                        ),
                        arguments: [symbol, start, start + wide.milliseconds]
                    ).compactMap { PremiumTables.bar($0, interval: narrow) }
                    let insert = try db.cachedStatement(sql: PremiumTables.insert(wide, replacing: true))
                    for bar in PremiumBar.rolledUp(held, into: wide) {
                        try insert.execute(arguments: PremiumTables.arguments(bar))
                    }
                    if let retention = narrow.retention {
                        try db.cachedStatement(
                            sql: "DELETE FROM \(PremiumTables.table(narrow)) WHERE symbol = ? AND start < ?"
                        ).execute(arguments: [symbol, now - retention])
                    }
                    if let wider = wide.wider { next.insert("\(symbol) \(wider.start(of: start))") }
                }
                touched = next
            }
            return true
        }
    }

    /// A coin's bars of `interval` from `from` (Unix ms) on, oldest first.
    public func premiumBars(_ symbol: String, interval: PremiumInterval, from: Int64) throws -> [PremiumBar] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT * FROM \(PremiumTables.table(interval)) WHERE symbol = ? AND start >= ? ORDER BY start",
                arguments: [symbol, from]
            ).compactMap { PremiumTables.bar($0, interval: interval) }
        }
    }

    /// Adds day bars where their coin has none for that day; returns how many were added.
    public func addPremiumDays(_ days: [PremiumBar]) throws -> Int {
        try write { db in
            var added = 0
            // One statement for every day: parsing the SQL again for each was most of a back-fill's writing.
            let insert = try db.cachedStatement(sql: PremiumTables.insert(.day, replacing: false))
            for bar in days where bar.interval == .day {
                try insert.execute(arguments: PremiumTables.arguments(bar))
                added += db.changesCount
            }
            return added
        }
    }

    /// The store as the premium recorder and the history's readers see it.
    public var premiumHistory: PremiumHistoryStore {
        PremiumHistoryStore(
            record: { try self.recordPremiumMinutes($0, writer: $1, now: $2) },
            bars: { try self.premiumBars($0, interval: $1, from: $2) },
            addDays: { try self.addPremiumDays($0) })
    }
}
