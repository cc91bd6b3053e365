/// Dates and times as fixed-width, zero-padded digits, written straight into a string's own
/// storage: no intermediate strings, which the simulator's frames (four dates or times each)
/// would otherwise build by the million.
public enum ZeroPadded {
    /// `yyyy-MM-dd` with `separator` between the parts (`2026-03-11`), or `yyyyMMdd` without
    /// one; `nil` when a part does not fit its width (a year outside 0…9999).
    public static func date(year: Int, month: Int, day: Int, separator: UInt8? = nil) -> String? {
        digits((year, 4), (month, 2), (day, 2), separator: separator)
    }

    /// `HHmmss`, or `HH:mm:ss` with `separator` `:`; `nil` when a part does not fit two digits.
    public static func time(hour: Int, minute: Int, second: Int, separator: UInt8? = nil) -> String? {
        digits((hour, 2), (minute, 2), (second, 2), separator: separator)
    }

    private static func digits(
        _ first: (value: Int, width: Int), _ second: (value: Int, width: Int), _ third: (value: Int, width: Int),
        separator: UInt8?
    ) -> String? {
        guard fits(first), fits(second), fits(third) else { return nil }
        let length = first.width + second.width + third.width + (separator == nil ? 0 : 2)
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = 0
            func write(_ part: (value: Int, width: Int)) {
                var rest = part.value
                for position in stride(from: end + part.width - 1, through: end, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                end += part.width
            }
            func separate() {
                guard let separator else { return }
                buffer[end] = separator
                end += 1
            }
            write(first)
            separate()
            write(second)
            separate()
            write(third)
            return end
        }
    }

    private static func fits(_ part: (value: Int, width: Int)) -> Bool {
        part.value >= 0 && part.value < power(part.width)
    }

    private static func power(_ width: Int) -> Int {
        var result = 1
        for _ in 0..<width { result *= 10 }
        return result
    }
}
