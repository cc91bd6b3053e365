/// The live feeds a premium of now is made of (issue 65): every exchange's board (Binance's
/// USDT prices, each Korean exchange's KRW and KRW-USDT) and the bank rate. A premium chart asks
/// for them when it opens, so a coin's premium is live however the detail was reached, not the
/// last bar of a back-filled day.
public struct PremiumFeeds: Sendable {
    /// Starts the feeds (once, however often it is called) and returns the names of those not
    /// answering yet, in the order the status line lists them (`Binance`, `USD/KRW`).
    public var awaiting: @Sendable () async -> [String]

    /// Feeds that `awaiting` starts and reports on.
    public init(awaiting: @escaping @Sendable () async -> [String]) {
        self.awaiting = awaiting
    }

    /// `waiting for Binance, Bithumb…`: what the premium of now waits for, while it does.
    public static func waitingText(_ names: [String]) -> String {
        names.isEmpty ? "waiting for the live premium…" : "waiting for \(names.joined(separator: ", "))…"
    }
}
