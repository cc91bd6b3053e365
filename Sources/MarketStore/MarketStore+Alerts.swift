import Foundation
import GRDB
public import MarketDomain

extension MarketStore {
    /// How many firings the history keeps.
    public static let alertHistoryLimit = 1_000

    /// Every alert rule, oldest first (rules written by a newer version are left out: see
    /// ``unreadableAlertRuleNumbers()``).
    public func alertRules() throws -> [AlertRule] {
        try read { db in try AlertRuleRecord.order(AlertRuleRecord.Columns.id).fetchAll(db).compactMap(\.rule) }
    }

    /// The numbers of the stored rules this version cannot read (a newer one's kinds), oldest
    /// first: left as they are, for the commands to name once (issue 63).
    public func unreadableAlertRuleNumbers() throws -> [Int64] {
        try read { db in
            try AlertRuleRecord.order(AlertRuleRecord.Columns.id).fetchAll(db).filter { $0.rule == nil }
                .compactMap(\.id)
        }
    }

    /// Stores a new rule and returns it with its number; the same rule twice (same exchange,
    /// market and condition) is refused with a message naming the one stored.
    public func addAlertRule(_ rule: AlertRule) throws -> AlertRule {
        var record = try AlertRuleRecord(rule, createdAt: currentTime)
        record.id = nil
        let twin = try read { db in
            try AlertRuleRecord
                .filter(AlertRuleRecord.Columns.exchange == record.exchange)
                .filter(AlertRuleRecord.Columns.market == record.market)
                .filter(AlertRuleRecord.Columns.condition == record.condition)
                .fetchOne(db)
        }
        if let twin, let id = twin.id { throw AlertRuleExists(number: id, summary: rule.summary) }
        do {
            try writer.write { db in try record.insert(db) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw AlertRuleExists(number: nil, summary: rule.summary)
        } catch {
            throw StoreError("\(error)")
        }
        var stored = rule
        stored.id = record.id ?? 0
        return stored
    }

    /// Removes a rule; returns whether there was one.
    @discardableResult
    public func removeAlertRule(_ id: Int64) throws -> Bool {
        try write { db in try AlertRuleRecord.deleteOne(db, key: id) }
    }

    /// Removes every rule; returns how many there were.
    @discardableResult
    public func clearAlertRules() throws -> Int {
        try write { db in try AlertRuleRecord.deleteAll(db) }
    }

    /// Records a firing unless another copy of Sise already did (same rule, time and way);
    /// returns whether this call recorded it. The history keeps the last
    /// ``alertHistoryLimit`` firings.
    @discardableResult
    public func recordFiring(_ firing: AlertFiring, heldBack: Bool) throws -> Bool {
        try write { db in
            try AlertFiringRecord(firing, heldBack: heldBack).insert(db, onConflict: .ignore)
            let recorded = db.changesCount > 0
            if recorded {
                try db.execute(
                    sql: """
                        DELETE FROM alertFiring WHERE id <= (
                            SELECT id FROM alertFiring ORDER BY id DESC LIMIT 1 OFFSET ?)
                        """, arguments: [Self.alertHistoryLimit])
            }
            return recorded
        }
    }

    /// Marks what became of `firing` at the webhook (the history says it); a firing another copy
    /// recorded, or one already let go of, is left as it is.
    public func markWebhook(_ outcome: WebhookOutcome, of firing: AlertFiring) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE alertFiring SET webhook = ? WHERE rule = ? AND at = ? AND direction = ?",
                arguments: [outcome.rawValue, firing.rule, firing.at, firing.direction])
        }
    }

    /// The last firings, newest first.
    public func alertHistory(limit: Int = MarketStore.alertHistoryLimit) throws -> [RecordedFiring] {
        try read { db in
            try AlertFiringRecord.order(AlertFiringRecord.Columns.id.desc).limit(limit).fetchAll(db)
                .compactMap(\.firing)
        }
    }

    /// Forgets every firing; returns how many there were.
    @discardableResult
    public func clearAlertHistory() throws -> Int {
        try write { db in try AlertFiringRecord.deleteAll(db) }
    }

    /// The quiet hours, when set.
    public func quietHours() throws -> QuietHours? {
        try setting(Self.quietHoursKey).flatMap { QuietHours($0) }
    }

    /// Sets (or with nil, ends) the quiet hours.
    public func setQuietHours(_ hours: QuietHours?) throws {
        if let hours {
            try saveSetting(Self.quietHoursKey, hours.description)
        } else {
            try write { db in _ = try SettingRecord.deleteOne(db, key: Self.quietHoursKey) }
        }
    }

    private static let quietHoursKey = "alerts.quiet"

    /// The store as the alert monitor sees it.
    public var alerts: AlertStore {
        AlertStore(
            rules: { try self.alertRules() },
            add: { try self.addAlertRule($0) },
            removeRule: { try self.removeAlertRule($0) },
            record: { try self.recordFiring($0, heldBack: $1) },
            history: { try self.alertHistory(limit: $0) },
            quietHours: { try self.quietHours() },
            changes: { self.changes() })
    }
}

/// A rule that is already stored: the same exchange, market and condition.
public struct AlertRuleExists: Error, CustomStringConvertible {
    /// The stored rule's number, when known.
    public var number: Int64?
    public var summary: String

    public var description: String {
        "the same rule is already stored" + (number.map { " as #\($0)" } ?? "") + ": " + summary
    }
}
