/// The minute bars being filled (issue 29): each coin's samples of the current minute folded
/// into one bar, handed back finished once their minute is over.
public struct PremiumMinutes: Sendable {
    private var open: [String: PremiumBar] = [:]

    /// Nothing being filled yet.
    public init() {}

    /// Folds the samples taken at `time` (Unix ms) into their coins' bars; returns the bars whose
    /// minute ended before `time`, oldest first (a coin with no sample this time is finished too
    /// once its minute is over).
    public mutating func take(_ samples: [PremiumSample], at time: Int64) -> [PremiumBar] {
        let minute = PremiumInterval.minute.start(of: time)
        var finished = finish(before: minute)
        for sample in samples {
            if var bar = open[sample.symbol] {
                bar.usdt = bar.usdt.taking(sample.usdt)
                if let fx = sample.fx { bar.fx = bar.fx?.taking(fx) ?? PremiumOHLC(fx) }
                open[sample.symbol] = bar
            } else {
                open[sample.symbol] = PremiumBar(
                    symbol: sample.symbol, interval: .minute, start: minute, usdt: PremiumOHLC(sample.usdt),
                    fx: sample.fx.map(PremiumOHLC.init))
            }
        }
        finished.sort { ($0.start, $0.symbol) < ($1.start, $1.symbol) }
        return finished
    }

    /// Hands back every bar whose minute starts before `minute`.
    public mutating func finish(before minute: Int64) -> [PremiumBar] {
        let ended = open.values.filter { $0.start < minute }
        for bar in ended { open[bar.symbol] = nil }
        return ended
    }

    /// The coin's bar of the current minute, while one is being filled.
    public func current(_ symbol: String) -> PremiumBar? {
        open[symbol]
    }
}
