import Foundation
import GRDB
import MarketDomain

/// An alert rule (`alertRule` table); its condition as canonical JSON.
struct AlertRuleRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "alertRule"
    var id: Int64?
    var exchange: String
    var market: String
    var condition: String
    var rearm: Double
    var cooldownSeconds: Int
    var once: Bool
    var note: String
    var createdAt: Int64

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let exchange = Column(CodingKeys.exchange)
        static let market = Column(CodingKeys.market)
        static let condition = Column(CodingKeys.condition)
    }

    init(_ rule: AlertRule, createdAt: Int64) throws {
        id = rule.id == 0 ? nil : rule.id
        exchange = rule.exchange.rawValue
        market = rule.market.rawValue
        condition = try Self.text(of: rule.condition)
        rearm = rule.rearm
        cooldownSeconds = rule.cooldownSeconds
        once = rule.once
        note = rule.note
        self.createdAt = createdAt
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The rule, or nil for a row this version cannot read (written by a newer one).
    var rule: AlertRule? {
        guard let id, let exchange = Exchange(rawValue: exchange), let market = MarketID(watched: market),
            let condition = try? JSONDecoder().decode(AlertCondition.self, from: Data(condition.utf8))
        else { return nil }
        return AlertRule(
            id: id, exchange: exchange, market: market, condition: condition, rearm: rearm,
            cooldownSeconds: cooldownSeconds, once: once, note: note)
    }

    /// A condition as the one JSON text the table compares.
    static func text(of condition: AlertCondition) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(condition), as: UTF8.self)
    }
}

/// A rule that fired (`alertFiring` table), kept for the history.
struct AlertFiringRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "alertFiring"
    var rule: Int64
    var exchange: String
    var market: String
    var kind: String
    var price: Double
    var level: Double
    var direction: String
    var at: Int64
    var message: String
    var note: String
    var heldBack: Bool
    /// `delivered` or `undelivered` once a webhook settled it; nil without one.
    var webhook: String?

    enum Columns {
        static let id = Column("id")
        static let at = Column(CodingKeys.at)
    }

    init(_ firing: AlertFiring, heldBack: Bool) {
        rule = firing.rule
        exchange = firing.exchange.rawValue
        market = firing.market.rawValue
        kind = firing.kind
        price = firing.price
        level = firing.level
        direction = firing.direction
        at = firing.at
        message = firing.message
        note = firing.note
        self.heldBack = heldBack
        webhook = nil
    }

    /// The firing, or nil for a row this version cannot read.
    var firing: RecordedFiring? {
        guard let exchange = Exchange(rawValue: exchange), let market = MarketID(market) else { return nil }
        return RecordedFiring(
            firing: AlertFiring(
                rule: rule, exchange: exchange, market: market, kind: kind, price: price, level: level,
                direction: direction, at: at, message: message, note: note),
            heldBack: heldBack, webhook: webhook.flatMap(WebhookOutcome.init(rawValue:)))
    }
}
