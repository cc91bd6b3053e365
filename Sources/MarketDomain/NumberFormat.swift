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

    /// An amount short enough for an axis label: `4.000`, `15.3K`, `15.25M`, `1.23B`.
    public static func compact(_ value: Double) -> String {
        let magnitude = abs(value)
        guard magnitude.isFinite else { return "—" }
        if magnitude >= 1e9 { return fixed(value / 1e9, decimals: 2) + "B" }
        if magnitude >= 1e6 { return fixed(value / 1e6, decimals: 2) + "M" }
        if magnitude >= 1e4 { return fixed(value / 1e3, decimals: 1) + "K" }
        return fixed(value, decimals: 3)
    }

    /// A plain number with thousands separators and a fixed number of decimals.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "—" }
        // Beyond 18 decimals the units no longer fit a UInt64: the same as a number too large.
        guard decimals <= maxDecimals else { return value < 0 ? "-∞" : "∞" }
        let scale = KRWTickSize.power10(decimals)
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9.0e18 else { return value < 0 ? "-∞" : "∞" }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        return written(
            whole: units / divisor, fraction: units % divisor, decimals: decimals, isNegative: value < 0 && units != 0)
    }

    private static let maxDecimals = 18

    /// `whole` with a comma every three digits, then `decimals` digits of `fraction` after a
    /// point: written backwards into bytes on the stack and made a string once (a price a tick
    /// on every screen, so no array of characters on the way).
    private static func written(whole: UInt64, fraction: UInt64, decimals: Int, isNegative: Bool) -> String {
        // 20 digits and 6 commas, a point, the decimals and a sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 28 + maxDecimals) { buffer in
            var start = buffer.count
            func put(_ byte: UInt8) {
                start -= 1
                buffer[start] = byte
            }
            if decimals > 0 {
                var rest = fraction
                for _ in 0..<decimals {
                    put(UInt8(ascii: "0") + UInt8(rest % 10))
                    rest /= 10
                }
                put(UInt8(ascii: "."))
            }
            var rest = whole
            var written = 0
            repeat {
                if written > 0, written % 3 == 0 { put(UInt8(ascii: ",")) }
                put(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
                written += 1
            } while rest > 0
            if isNegative { put(UInt8(ascii: "-")) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    /// A number with `+` when above zero and `-` when below; zero (after rounding) has no sign.
    public static func signed(_ value: Double, decimals: Int) -> String {
        let text = fixed(value, decimals: decimals)
        let isZero = text.utf8.allSatisfy {
            $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",")
        }
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
}
