public import MarketDomain

/// A move the simulator plays on one market (issue 28's rehearsal, `sise simulate --pump
/// KRW-XRP:+12:300`): from the simulator's start the price climbs (or falls) `percent` over
/// `seconds` on every exchange that lists it, then stays that far from where its walk would be.
public struct ScriptedMove: Sendable, Equatable, CustomStringConvertible {
    public var market: MarketID
    public var percent: Double
    public var seconds: Double

    /// Makes a move; nil unless `percent` is above -100 and `seconds` positive.
    public init?(market: MarketID, percent: Double, seconds: Double) {
        guard percent.isFinite, percent > -100, percent != 0, seconds.isFinite, seconds > 0 else { return nil }
        self.market = market
        self.percent = percent
        self.seconds = seconds
    }

    /// Reads `MARKET:PCT:SECONDS` (`KRW-XRP:+12:300`, `KRW-BTC:-5:60`); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let market = MarketID(String(parts[0])),
            let percent = Double(parts[1].hasPrefix("+") ? String(parts[1].dropFirst()) : String(parts[1])),
            let seconds = Double(parts[2])
        else { return nil }
        self.init(market: market, percent: percent, seconds: seconds)
    }

    /// How far the price stands from its walk, as a factor, `elapsed` milliseconds after the start:
    /// 1 at the start, growing evenly to `1 + percent / 100` at `seconds`.
    public func factor(elapsed: Int64) -> Double {
        let share = min(1, max(0, Double(elapsed) / (seconds * 1000)))
        return 1 + percent / 100 * share
    }

    /// `KRW-XRP:+12:300`.
    public var description: String {
        let sign = percent > 0 ? "+" : ""
        return "\(market.rawValue):\(sign)\(percent.formatted()):\(seconds.formatted())"
    }
}

extension Double {
    /// `12` or `2.5`: without a needless `.0`.
    fileprivate func formatted() -> String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}

/// A scripted move the simulator cannot play (its market is not listed).
public struct ScriptedMoveError: Error, CustomStringConvertible {
    public let description: String
}
