/// The number formats of the board (SPEC §1.1): thousands separators, signs on changes,
/// 2-decimal percents, KRW prices with their tick size's decimals, trade value in 백만.
public enum NumberFormat {
    /// A price, e.g. `103,458,000` or `0.0123` for KRW; other quotes get 8 significant decimals at most.
    public static func price(_ value: Double, quote: String = "KRW") -> String {
        fixed(value, decimals: decimals(forPrice: value, quote: quote))
    }

    /// A signed change amount with the decimals of the price it belongs to, e.g. `+1,041,000`, `-11.50`.
    public static func changePrice(_ value: Double, price: Double, quote: String = "KRW") -> String {
        signed(value, decimals: decimals(forPrice: price, quote: quote))
    }

    /// A signed change rate given as a fraction, as a 2-decimal percent: `0.0101643` → `+1.02%`.
    public static func changeRate(_ fraction: Double) -> String {
        signed(fraction * 100, decimals: 2) + "%"
    }

    /// A trade value as the exchanges' apps show it in its quote currency: KRW in millions
    /// (`162,997백만`), BTC to three decimals (`12.345 BTC`), others in thousands (`1,234K USDT`).
    public static func tradeValue(_ value: Double, quote: String) -> String {
        switch quote {
        case "KRW": tradeValueInMillions(value)
        case "BTC": fixed(value, decimals: 3) + " BTC"
        default: fixed(value / 1_000, decimals: 0) + "K " + quote
        }
    }

    /// A trade value in millions of the quote currency, as the exchanges' apps show it: `162,997백만`.
    public static func tradeValueInMillions(_ value: Double) -> String {
        fixed(value / 1_000_000, decimals: 0) + "백만"
    }

    /// A number for a machine to read: a fixed number of decimals, no thousands separators.
    public static func machine(_ value: Double, decimals: Int) -> String {
        fixed(value, decimals: decimals).replacing(",", with: "")
    }

    /// A plain number with thousands separators and a fixed number of decimals.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "—" }
        let scale = KRWTickSize.power10(decimals)
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9.0e18 else { return value < 0 ? "-∞" : "∞" }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale)
        let fraction = units % UInt64(scale)
        var text = grouped(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return value < 0 && units != 0 ? "-" + text : text
    }

    /// A number with `+` when above zero and `-` when below; zero (after rounding) has no sign.
    public static func signed(_ value: Double, decimals: Int) -> String {
        let text = fixed(value, decimals: decimals)
        let isZero = text.allSatisfy { $0 == "0" || $0 == "." || $0 == "," }
        return value > 0 && !isZero ? "+" + text : text
    }

    /// How many decimals a price is written with in its quote currency.
    public static func decimals(forPrice price: Double, quote: String) -> Int {
        switch quote {
        case "KRW": return KRWTickSize.decimals(for: price)
        case "BTC": return 8
        default:
            // USDT and others: 2 decimals at 1 or more, then enough to show 4 significant digits.
            let magnitude = abs(price)
            guard magnitude > 0, magnitude < 1 else { return 2 }
            var decimals = 2
            var shifted = magnitude * 100
            while shifted < 1000, decimals < 8 {
                shifted *= 10
                decimals += 1
            }
            return decimals
        }
    }

    private static func grouped(_ value: UInt64) -> String {
        let digits = Array(String(value))
        var result = ""
        result.reserveCapacity(digits.count + digits.count / 3)
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
