/// A premium's open, high, low and close over one bar, as fractions (`0.0341` is +3.41 %).
public struct PremiumOHLC: Sendable, Hashable, Codable {
    public var open: Double
    public var high: Double
    public var low: Double
    public var close: Double

    /// A bar of one value.
    public init(_ value: Double) {
        self.init(open: value, high: value, low: value, close: value)
    }

    /// A bar from its four values.
    public init(open: Double, high: Double, low: Double, close: Double) {
        self.open = open
        self.high = high
        self.low = low
        self.close = close
    }

    /// The bar after a later value.
    public func taking(_ value: Double) -> PremiumOHLC {
        PremiumOHLC(open: open, high: max(high, value), low: min(low, value), close: value)
    }

    /// This bar followed by a later one: this open, the later close, the extremes of both.
    public func followed(by later: PremiumOHLC) -> PremiumOHLC {
        PremiumOHLC(open: open, high: max(high, later.high), low: min(low, later.low), close: later.close)
    }
}

/// One bar of a coin's premium history (issue 29): its premium over Binance measured in tether
/// and, when the bank rate was known, against USD/KRW, over a minute, an hour or a day.
public struct PremiumBar: Sendable, Hashable, Codable {
    /// The coin, e.g. `BTC`.
    public var symbol: String
    public var interval: PremiumInterval
    /// The bar's start, Unix ms.
    public var start: Int64
    /// Over tether (KRW-USDT).
    public var usdt: PremiumOHLC
    /// Over the bank rate (USD/KRW); `nil` when no rate was known over the bar.
    public var fx: PremiumOHLC?

    /// A bar from its fields.
    public init(symbol: String, interval: PremiumInterval, start: Int64, usdt: PremiumOHLC, fx: PremiumOHLC?) {
        self.symbol = symbol
        self.interval = interval
        self.start = start
        self.usdt = usdt
        self.fx = fx
    }

    /// The bar on `basis`.
    public func on(_ basis: PremiumBasis) -> PremiumOHLC? {
        basis == .usdt ? usdt : fx
    }

    /// The bars of `interval` that `bars` (oldest first, of one coin, each narrower) roll up
    /// into: each wider bar opens with its first bar and closes with its last.
    public static func rolledUp(_ bars: [PremiumBar], into interval: PremiumInterval) -> [PremiumBar] {
        var result: [PremiumBar] = []
        for bar in bars {
            let start = interval.start(of: bar.start)
            if var last = result.last, last.start == start, last.symbol == bar.symbol {
                last.usdt = last.usdt.followed(by: bar.usdt)
                last.fx =
                    switch (last.fx, bar.fx) {
                    case (let earlier?, let later?): earlier.followed(by: later)
                    case (nil, let later): later
                    case (let earlier, nil): earlier
                    }
                result[result.count - 1] = last
            } else {
                result.append(
                    PremiumBar(symbol: bar.symbol, interval: interval, start: start, usdt: bar.usdt, fx: bar.fx))
            }
        }
        return result
    }
}

/// A coin's premium at one moment, both ways: what the recorder takes every second.
public struct PremiumSample: Sendable, Hashable {
    public var symbol: String
    /// Over tether.
    public var usdt: Double
    /// Over the bank rate, when it is known.
    public var fx: Double?

    /// A sample from its fields.
    public init(symbol: String, usdt: Double, fx: Double?) {
        self.symbol = symbol
        self.usdt = usdt
        self.fx = fx
    }

    /// The samples of compared coins that have a premium.
    public static func of(_ rows: [CoinComparison]) -> [PremiumSample] {
        rows.compactMap { row in
            guard let usdt = row.premium, usdt.isFinite else { return nil }
            return PremiumSample(symbol: row.symbol, usdt: usdt, fx: row.premiumFX.flatMap { $0.isFinite ? $0 : nil })
        }
    }
}
