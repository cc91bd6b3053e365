/// Whether an exchange takes deposits of a coin and lets it be withdrawn (입출금, issue 29): a
/// premium nobody can move coins in or out to take is a premium nobody can capture.
public struct WalletStatus: Sendable, Hashable, Codable {
    public var deposit: Bool
    public var withdrawal: Bool

    /// A status from its two flags (true is open).
    public init(deposit: Bool, withdrawal: Bool) {
        self.deposit = deposit
        self.withdrawal = withdrawal
    }

    /// Both open.
    public var isOpen: Bool { deposit && withdrawal }

    /// What is suspended, in Korean as the exchanges say it: `입출금 중단`, `입금 중단`,
    /// `출금 중단`; nil when both are open.
    public var suspension: String? {
        switch (deposit, withdrawal) {
        case (true, true): nil
        case (false, false): "입출금 중단"
        case (false, true): "입금 중단"
        case (true, false): "출금 중단"
        }
    }

    /// What is suspended, short for a table cell: `입출금`, `입금`, `출금`; nil when both are open.
    public var shortSuspension: String? {
        suspension.map { String($0.dropLast(3)) }
    }

    /// The suspensions of a coin, short for a table row: `⛔빗썸 출금 ⛔업비트 입금`; nil when none.
    public static func marker(_ statuses: [Exchange: WalletStatus]) -> String? {
        let parts = Exchange.korean.compactMap { exchange in
            statuses[exchange]?.shortSuspension.map { "⛔\(exchange.koreanName) \($0)" }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The suspensions of a coin on each exchange, in ``Exchange/korean`` order:
    /// `Bithumb 출금 중단 · Upbit 입금 중단`; nil when none is suspended.
    public static func summary(_ statuses: [Exchange: WalletStatus]) -> String? {
        let parts = Exchange.korean.compactMap { exchange in
            statuses[exchange]?.suspension.map { "\(exchange.displayName) \($0)" }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
