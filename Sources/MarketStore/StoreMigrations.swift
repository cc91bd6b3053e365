import GRDB

/// The schema, one migration per version. Migrations are never edited once released; a change
/// is a new migration.
enum StoreMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: favorites, settings, daily candles") { db in
            try db.create(table: "favorite") { table in
                table.column("exchange", .text).notNull()
                table.column("market", .text).notNull()
                table.column("addedAt", .integer).notNull()
                table.primaryKey(["exchange", "market"])
            }
            try db.create(table: "setting") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
            try db.create(table: "dailyCandle") { table in
                table.column("exchange", .text).notNull()
                table.column("market", .text).notNull()
                table.column("day", .integer).notNull()
                table.column("open", .double).notNull()
                table.column("high", .double).notNull()
                table.column("low", .double).notNull()
                table.column("close", .double).notNull()
                table.column("volume", .double).notNull()
                table.column("value", .double).notNull()
                table.primaryKey(["exchange", "market", "day"])
            }
        }
        migrator.registerMigration("v2: the shared coin-name table") { db in
            try db.create(table: "coinName") { table in
                table.primaryKey("symbol", .text)
                table.column("koreanName", .text).notNull()
                table.column("englishName", .text).notNull()
                table.column("updatedAt", .integer).notNull()
            }
        }
        migrator.registerMigration("v3: stock watchlists") { db in
            try db.create(table: "watchlistEntry") { table in
                table.column("source", .text).notNull()
                table.column("code", .text).notNull()
                table.column("position", .integer).notNull()
                table.primaryKey(["source", "code"])
            }
        }
        migrator.registerMigration("v4: English names of KRX stocks") { db in
            try db.create(table: "stockName") { table in
                table.column("code", .text).primaryKey()
                table.column("englishName", .text).notNull()
            }
        }
        migrator.registerMigration("v5: alert rules and their firings") { db in
            try db.create(table: "alertRule") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("exchange", .text).notNull()
                table.column("market", .text).notNull()
                // The condition as canonical JSON (sorted keys): the same rule twice is refused.
                table.column("condition", .text).notNull()
                table.column("rearm", .double).notNull()
                table.column("cooldownSeconds", .integer).notNull()
                table.column("once", .boolean).notNull()
                table.column("note", .text).notNull()
                table.column("createdAt", .integer).notNull()
                table.uniqueKey(["exchange", "market", "condition"])
            }
            try db.create(table: "alertFiring") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("rule", .integer).notNull()
                table.column("exchange", .text).notNull()
                table.column("market", .text).notNull()
                table.column("kind", .text).notNull()
                table.column("price", .double).notNull()
                table.column("level", .double).notNull()
                table.column("direction", .text).notNull()
                table.column("at", .integer).notNull()
                table.column("message", .text).notNull()
                table.column("note", .text).notNull()
                table.column("heldBack", .boolean).notNull()
                // Several copies of Sise evaluating the same rule on the same tick record it once.
                table.uniqueKey(["rule", "at", "direction"])
            }
        }
        migrator.registerMigration("v6: the markets each exchange listed, and since when") { db in
            try db.create(table: "listedMarket") { table in
                table.column("exchange", .text).notNull()
                table.column("market", .text).notNull()
                // Unix ms of the first list that had it; 0 for the markets of the first list seen.
                table.column("firstSeen", .integer).notNull()
                table.primaryKey(["exchange", "market"])
            }
        }
        migrator.registerMigration("v7: the premium history and its one writer") { db in
            // One table per bar width; premiums in millionths (0.0001 %) to keep two weeks of
            // minutes of every compared coin small.
            for table in PremiumTables.all {
                try db.create(table: table, options: [.withoutRowID]) { table in
                    table.column("symbol", .text).notNull()
                    table.column("start", .integer).notNull()
                    for column in PremiumTables.valueColumns { table.column(column, .integer) }
                    table.primaryKey(["symbol", "start"])
                }
            }
            try db.create(table: "premiumWriter") { table in
                table.primaryKey("id", .integer)
                table.column("writer", .text).notNull()
                table.column("until", .integer).notNull()
            }
        }
        migrator.registerMigration("v8: candles of every interval and the spans they are complete over") { db in
            try db.create(table: "intervalCandle", options: [.withoutRowID]) { table in
                table.column("exchange", .text).notNull()
                table.column("market", .text).notNull()
                table.column("interval", .text).notNull()
                table.column("start", .integer).notNull()
                for column in ["open", "high", "low", "close", "volume", "value"] {
                    table.column(column, .double).notNull()
                }
                table.primaryKey(["exchange", "market", "interval", "start"])
            }
            try db.create(table: "candleCoverage") { table in
                table.column("exchange", .text).notNull()
                table.column("market", .text).notNull()
                table.column("interval", .text).notNull()
                table.column("fromStart", .integer).notNull()
                table.column("toStart", .integer).notNull()
                table.primaryKey(["exchange", "market", "interval"])
            }
        }
        migrator.registerMigration("v9: what became of each firing at the webhook") { db in
            try db.alter(table: "alertFiring") { table in table.add(column: "webhook", .text) }
        }
        return migrator
    }
}
