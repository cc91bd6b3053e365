/// What a real market's trade and order book can be, as ``Ticker/implausibility`` is for tickers:
/// a price or size that is not a positive finite amount below ``Ticker/largestPlausibleAmount``,
/// or a time before Bitcoin, after 2100 or more than ``futureTolerance`` ahead of the reader's
/// clock, is a server's fault. Such trades and books are dropped where they enter (the client),
/// said in the log, so no output, tape or 체결강도 ever shows them.
extension Trade {
    /// How far ahead of the reader's clock a trade or a book may be stamped (clocks differ).
    public static let futureTolerance: Int64 = 10 * 60 * 1000

    /// Why this trade cannot be a real market's, read at `now` (Unix ms), or `nil` when it can.
    public func implausibility(now: Int64) -> String? {
        guard price.isFinite, price > 0, price < Ticker.largestPlausibleAmount else {
            return "price \(price) is not a positive finite price"
        }
        guard size.isFinite, size > 0, size < Ticker.largestPlausibleAmount else {
            return "size \(size) is not a positive finite size"
        }
        return OrderBook.timeImplausibility(timestamp, now: now)
    }
}

extension OrderBook {
    /// Why this book cannot be a real market's, read at `now` (Unix ms), or `nil` when it can.
    /// (Its levels are checked as it is made: see ``init(market:timestamp:asks:bids:)``.)
    public func implausibility(now: Int64) -> String? {
        Self.timeImplausibility(timestamp, now: now)
    }

    /// Why `timestamp` cannot be a trade's or a book's, read at `now`.
    static func timeImplausibility(_ timestamp: Int64, now: Int64) -> String? {
        guard Ticker.plausibleTimes.contains(timestamp), timestamp <= now + Trade.futureTolerance else {
            return "timestamp \(timestamp) is not a plausible time"
        }
        return nil
    }
}
