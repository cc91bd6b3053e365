public import MarketDomain

/// What a following command says on stderr about its USD/KRW rate (issue 63): once when a read
/// fails and the last good rate is kept (so `premiumFX` is of that rate's time, not of now), and
/// once when a read succeeds again. The rows say it too, each time (`usdKRWStale`).
public struct StaleRateNotice: Sendable {
    private var saidStale = false

    /// A notice that has said nothing yet.
    public init() {}

    /// The line to say now, if any, given the latest rate kept and why the latest read failed.
    public mutating func line(rate: ForexRate?, failure: String?) -> String? {
        if let failure, let rate, !saidStale {
            saidStale = true
            return "USD/KRW: the latest read failed (\(failure)); premiumFX keeps the rate of "
                + "\(KoreanTime.dateClock(rate.time)) KST (usdKRWStale)"
        }
        if failure == nil, saidStale, let rate {
            saidStale = false
            return "USD/KRW: read again, \(rate.rateText) at \(KoreanTime.dateClock(rate.time)) KST"
        }
        return nil
    }
}
