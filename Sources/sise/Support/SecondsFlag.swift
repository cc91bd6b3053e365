import ArgumentParser

/// A number of seconds a flag gives (`--duration`, `--drop-every`), checked where it enters: a
/// finite number inside its range, so that turning it into a `Duration` can never trap on
/// overflow (`--duration 1e300` is refused, exit 64, naming the limit).
enum SecondsFlag {
    /// The longest run a flag can ask for: a year.
    static let maximum: Double = 366 * 24 * 3600

    /// Refuses `seconds` unless it is finite, at least `minimum` (or above 0) and at most a year.
    static func validate(_ seconds: Double?, flag: String, minimum: Double? = nil) throws {
        guard let seconds else { return }
        let low = minimum.map { seconds >= $0 } ?? (seconds > 0)
        guard seconds.isFinite, low, seconds <= maximum else {
            let floor = minimum.map { "at least \($0)" } ?? "above 0"
            throw ValidationError(
                "\(flag) must be a number of seconds \(floor) and at most \(Int(maximum)) (a year).")
        }
    }

    /// The duration of `seconds`, held to a year (a validated flag is inside it already).
    static func duration(_ seconds: Double) -> Duration {
        let held = seconds.isFinite ? min(max(seconds, 0), maximum) : maximum
        return .milliseconds(Int64((held * 1000).rounded()))
    }
}
