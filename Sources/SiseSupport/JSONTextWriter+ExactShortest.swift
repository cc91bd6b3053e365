/// Numbers that `description` would write with 16 or 17 significant digits (a day's summed
/// volume, `34287848330.755432`) or with an exponent (a BTC market's price, `2.501e-05`), written
/// without it: that path made a `String` for each and was a tenth of the simulator's firehose.
/// Both are worked out exactly in integers, as `description` works them out: the fewest digits
/// that read back as the double, the nearest to it of those.
extension JSONTextWriter {
    /// Writes a number from 1 up to 10^15 whose shortest decimal that reads back as it has 16 or
    /// 17 significant digits, as `description` writes it: the fewest digits that read back, the
    /// nearest to the double of those. Returns `nil`, having written nothing, for any other
    /// number, and for the rare one on an edge (a tie, a decimal exactly half a gap away, a power
    /// of two), which `description` writes.
    ///
    /// Exact integer arithmetic: the double is `significand / 2^shift`, so the nearest decimal of
    /// `decimals` places is `significand × 10^decimals / 2^shift` rounded, and it reads back as the
    /// double when it lies within half a gap between doubles (`2^-(shift+1)`) of it.
    static func writeLongFraction(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = abs(value)
        guard magnitude >= 1, magnitude < 1e15 else { return nil }
        let significand = UInt64(magnitude.significandBitPattern) | 1 << 52
        // A power of two has a gap below it half the gap above: left to `description`.
        guard significand != 1 << 52 else { return nil }
        // From 1 to 10^15 the exponent is 0 to 49: the shift is 3 to 52.
        let shift = 52 - Int(magnitude.exponent)
        let whole = UInt64(magnitude)
        let wholeDigits = digitCount(whole)
        for digits in 15...17 {
            let decimals = digits - wholeDigits
            // No whole number is this double (whole ones are written as integers).
            guard decimals > 0 else { continue }
            let scale = UInt64(powerOfTen(decimals))
            switch nearest(UInt128(significand) * UInt128(scale), shift: shift, gap: UInt128(scale)) {
            case .onAnEdge: return nil
            case .tooFar: continue
            case .readsBack(let nearest):
                // Fifteen digits are the short path's (this is one it could not tell).
                guard digits > 15 else { return nil }
                return write(nearest, decimals: decimals, scale: scale, whole: whole, negative: value < 0, to: out)
            }
        }
        return nil
    }

    /// Writes `units / scale` with its `decimals` places, none of them a trailing zero, when its
    /// whole part is `whole`; `nil` otherwise.
    private static func write(
        _ units: UInt64, decimals: Int, scale: UInt64, whole: UInt64, negative: Bool,
        to out: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        // A rounding that carried into the whole part, or a trailing zero (a shorter decimal
        // would read back too): neither happens to the nearest of the fewest digits.
        guard units / scale == whole, units % 10 != 0 else { return nil }
        var count = 0
        if negative {
            out[0] = UInt8(ascii: "-")
            count = 1
        }
        let wholeDigits = digitCount(whole)
        writeDigits(whole, count: wholeDigits, endingAt: out + count + wholeDigits)
        count += wholeDigits
        out[count] = UInt8(ascii: ".")
        count += 1
        writeDigits(units % scale, count: decimals, endingAt: out + count + decimals)
        return count + decimals
    }

    /// Writes a number from 10^-15 up to (not including) 10^-4 as `description` writes it, with
    /// an exponent of at least two digits (`2.501e-05`, `4e-05`); `nil`, having written nothing,
    /// for any other number and on an edge (a tie, half a gap, a power of two).
    ///
    /// The double is `significand / 2^k`; with `d` decimal places the decimal's units are
    /// `significand × 5^d / 2^(k-d)`, which stays within 128 bits from 10^-15 up.
    static func writeSmallFraction(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = abs(value)
        guard magnitude >= 1e-15, magnitude < 1e-4 else { return nil }
        let significand = UInt64(magnitude.significandBitPattern) | 1 << 52
        guard significand != 1 << 52 else { return nil }
        // From 10^-15 up to 10^-4 the exponent is -50 to -14: k is 66 to 102.
        let k = 52 - Int(magnitude.exponent)
        // The first significant digit's place: the j with 10^-j ≤ magnitude < 10^-(j-1), found
        // exactly (magnitude ≥ 10^-j when significand × 5^j ≥ 2^(k-j)).
        var j = 5
        var fiveToJ: UInt128 = 3125
        while UInt128(significand) * fiveToJ < UInt128(1) << (k - j) {
            j += 1
            fiveToJ *= 5
            guard j <= 16 else { return nil }
        }
        var fiveToD = fiveToJ
        for digits in 1...17 {
            let decimals = j + digits - 1
            if digits > 1 { fiveToD *= 5 }
            let shift = k - decimals
            switch nearest(UInt128(significand) * fiveToD, shift: shift, gap: fiveToD) {
            case .onAnEdge: return nil
            case .tooFar: continue
            case .readsBack(let nearest):
                return writeExponentForm(nearest, digits: digits, exponent: j, negative: value < 0, to: out)
            }
        }
        return nil
    }

    /// Writes `units` (`digits` significant digits, none of them a trailing zero) times
    /// 10^-(exponent + digits - 1) as `d.ddde-XX`; `nil` when `units` has another count of digits.
    private static func writeExponentForm(
        _ units: UInt64, digits: Int, exponent: Int, negative: Bool, to out: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        guard digitCount(units) == digits, units % 10 != 0 || digits == 1 else { return nil }
        var count = 0
        if negative {
            out[0] = UInt8(ascii: "-")
            count = 1
        }
        let rest = digits - 1
        let restScale = UInt64(powerOfTen(rest))
        out[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: units / restScale)
        count += 1
        if rest > 0 {
            out[count] = UInt8(ascii: ".")
            writeDigits(units % restScale, count: rest, endingAt: out + count + 1 + rest)
            count += 1 + rest
        }
        out[count] = UInt8(ascii: "e")
        out[count + 1] = UInt8(ascii: "-")
        // Two digits: the exponent is 5 to 16 here.
        writeDigits(UInt64(exponent), count: 2, endingAt: out + count + 4)
        return count + 4
    }

    /// What the nearest decimal of one length is to a double.
    private enum Candidate {
        /// It reads back as the double: its units.
        case readsBack(UInt64)
        /// It lies more than half a gap away: more digits are needed.
        case tooFar
        /// A tie between two, or exactly half a gap away: left to `description`.
        case onAnEdge
    }

    /// The nearest decimal to a double whose units, times 2^shift, are `scaled`, where the gap
    /// between doubles is `gap` in the units of `scaled`.
    private static func nearest(_ scaled: UInt128, shift: Int, gap: UInt128) -> Candidate {
        let units = scaled >> shift
        let rest = scaled & ((UInt128(1) << shift) &- 1)
        let half = UInt128(1) << (shift - 1)
        guard rest != half else { return .onAnEdge }
        let nearest = rest > half ? units + 1 : units
        let nearestScaled = nearest << shift
        let twiceTheDistance = (nearestScaled > scaled ? nearestScaled - scaled : scaled - nearestScaled) << 1
        if twiceTheDistance == gap { return .onAnEdge }
        return twiceTheDistance < gap ? .readsBack(UInt64(nearest)) : .tooFar
    }
}
