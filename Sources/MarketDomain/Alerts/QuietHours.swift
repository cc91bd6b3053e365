/// Hours in which alert notifications are held back (the history still records every firing),
/// as minutes of the day; they may span midnight (`22:00-07:00`).
public struct QuietHours: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The first quiet minute of the day, 0..<1440.
    public var start: Int
    /// The first minute that is no longer quiet, 0..<1440.
    public var end: Int

    /// Quiet from `start` up to `end` (minutes of the day); nil when either is out of range or
    /// they are equal.
    public init?(start: Int, end: Int) {
        guard (0..<1440).contains(start), (0..<1440).contains(end), start != end else { return nil }
        self.start = start
        self.end = end
    }

    /// Reads `HH:MM-HH:MM` (`22:00-07:00`); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Self.minute(parts[0]), let end = Self.minute(parts[1]) else { return nil }
        self.init(start: start, end: end)
    }

    /// Whether the minute of the day is quiet.
    public func contains(minuteOfDay minute: Int) -> Bool {
        start < end ? (start..<end).contains(minute) : minute >= start || minute < end
    }

    /// Whether the moment `time` (Unix ms) is quiet on a clock `utcOffsetSeconds` ahead of UTC.
    public func contains(_ time: Int64, utcOffsetSeconds: Int) -> Bool {
        let seconds = (time / 1000 + Int64(utcOffsetSeconds)) % 86_400
        return contains(minuteOfDay: Int((seconds + 86_400) % 86_400) / 60)
    }

    /// `22:00-07:00`.
    public var description: String { Self.text(start) + "-" + Self.text(end) }

    private static func minute(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes)
        else { return nil }
        return hours * 60 + minutes
    }

    private static func text(_ minute: Int) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return two(minute / 60) + ":" + two(minute % 60)
    }
}

extension QuietHours {
    /// The one summary told when quiet hours end: how many firings they held back, and on which
    /// markets (`3 alerts held back during quiet hours: KRW-BTC, KRW-XRP`).
    public static func summary(of held: [AlertFiring]) -> String {
        let markets = Array(Set(held.map(\.market.rawValue))).sorted().joined(separator: ", ")
        return "\(held.count) alert\(held.count == 1 ? "" : "s") held back during quiet hours: \(markets)"
    }
}
