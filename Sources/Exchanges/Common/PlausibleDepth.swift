import Foundation
import Logging
import MarketDomain

/// Where trades and books enter from a server, REST or WebSocket: the check of
/// ``MarketDomain/Trade/implausibility(now:)`` against this machine's clock, each drop said in
/// the log.
enum PlausibleDepth {
    /// This machine's time, Unix ms.
    static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1000)
    }

    /// Whether `trade` can be a real one; when not, says why in the log.
    static func keeps(_ trade: Trade, logger: Logger) -> Bool {
        guard let reason = trade.implausibility(now: now()) else { return true }
        logger.warning("dropped an impossible trade of \(trade.market): \(reason)")
        return false
    }
}
