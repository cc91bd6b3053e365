/// The premium a real amount gets (issue 29, point 5): not the last prices', but what the two
/// order books would fill. Buying ₩10,000,000 of a coin on the Korean exchange walks its asks
/// up; selling the coins bought on Binance walks its bids down; the premium is the Korean average
/// price over Binance's (in won at `rate`) minus one. The reverse (selling in Korea, buying on
/// Binance) walks the other sides.
public struct FillablePremium: Sendable, Equatable, Codable {
    /// Buying in Korea and selling on Binance; nil when a book is too thin for the amount.
    public var buyKorea: Double?
    /// Selling in Korea and buying on Binance; nil when a book is too thin for the amount.
    public var sellKorea: Double?

    /// A result from its two premiums.
    public init(buyKorea: Double?, sellKorea: Double?) {
        self.buyKorea = buyKorea
        self.sellKorea = sellKorea
    }

    /// The premiums of `amount` won through `korean` (in won) and `binance` (in USDT) at `rate`
    /// won a USDT.
    public static func of(amount: Double, korean: OrderBook, binance: OrderBook, rate: Double) -> FillablePremium {
        guard amount > 0, amount.isFinite, rate > 0, rate.isFinite else {
            return FillablePremium(buyKorea: nil, sellKorea: nil)
        }
        func premium(koreanSide: [OrderBook.Level], binanceSide: [OrderBook.Level]) -> Double? {
            // The coins `amount` won takes on the Korean side, then those coins on Binance's.
            guard let (coins, spent) = fill(value: amount, through: koreanSide), spent > 0,
                let received = value(of: coins, through: binanceSide), received > 0
            else { return nil }
            return (spent / coins) / (received / coins * rate) - 1
        }
        return FillablePremium(
            buyKorea: premium(koreanSide: korean.asks, binanceSide: binance.bids),
            sellKorea: premium(koreanSide: korean.bids, binanceSide: binance.asks))
    }

    /// The coins `value` (in the book's currency) fills through `levels`, best first, and what
    /// they cost; nil when the levels run out first.
    static func fill(value: Double, through levels: [OrderBook.Level]) -> (coins: Double, spent: Double)? {
        var left = value
        var coins = 0.0
        for level in levels {
            let levelValue = level.price * level.size
            if levelValue >= left {
                coins += left / level.price
                return (coins, value)
            }
            coins += level.size
            left -= levelValue
        }
        return nil
    }

    /// What `coins` bring through `levels`, best first; nil when the levels run out first.
    static func value(of coins: Double, through levels: [OrderBook.Level]) -> Double? {
        var left = coins
        var total = 0.0
        for level in levels {
            if level.size >= left { return total + left * level.price }
            total += level.size * level.price
            left -= level.size
        }
        return nil
    }
}
