/// The rules that watch one series (a market's price, or its move within a window) for a rise
/// to their level, sorted so that a new value costs a binary search and the rules it touches,
/// however many rules wait (issue 28: thresholds sorted per market, not a scan).
///
/// A rule is *armed* while the series is below its level and fires when the series reaches the
/// level; it is then *waiting* until the series goes back below its re-arm value (the level less
/// the band). A rule whose first value is already at or past its level waits for the series to
/// go back below the level itself: it fires on a crossing only. A fall to a level is a rise of
/// the series negated, so one index serves both.
struct CrossingIndex: Sendable {
    /// A rule's place in the index.
    struct Entry: Sendable, Equatable {
        var id: Int64
        /// The value at which an armed rule fires.
        var level: Double
        /// The value below which a waiting rule arms again after firing.
        var rearmBelow: Double
    }

    /// Armed rules, highest level first (the next to fire is last).
    private var armed: [Entry] = []
    /// Waiting rules, lowest threshold first (the next to arm is last).
    private var waiting: [(entry: Entry, below: Double)] = []
    /// Rules added before the series had a value.
    private var unplaced: [Entry] = []
    /// The series' last value.
    private(set) var last: Double?

    /// How many rules the index holds.
    var count: Int { armed.count + waiting.count + unplaced.count }

    /// Adds a rule; it is armed when the series is below its level now.
    mutating func insert(_ entry: Entry) {
        guard let last else { return unplaced.append(entry) }
        place(entry, at: last)
    }

    /// Removes a rule.
    mutating func remove(id: Int64) {
        armed.removeAll { $0.id == id }
        waiting.removeAll { $0.entry.id == id }
        unplaced.removeAll { $0.id == id }
    }

    /// Takes the series' new value: returns the rules that fire (each becomes waiting), lowest
    /// level first, after arming the waiting rules the value went back below.
    mutating func advance(to value: Double) -> [Entry] {
        defer { last = value }
        if !unplaced.isEmpty {
            for entry in unplaced { place(entry, at: value) }
            unplaced = []
            return []
        }
        while let next = waiting.last, value < next.below {
            waiting.removeLast()
            insertArmed(next.entry)
        }
        var fired: [Entry] = []
        while let next = armed.last, value >= next.level {
            armed.removeLast()
            fired.append(next)
            insertWaiting(next, below: next.rearmBelow)
        }
        return fired
    }

    /// Places a rule by the series' value: armed below its level, else waiting for the series to
    /// go back below the level.
    private mutating func place(_ entry: Entry, at value: Double) {
        if value < entry.level {
            insertArmed(entry)
        } else {
            insertWaiting(entry, below: entry.level)
        }
    }

    private mutating func insertArmed(_ entry: Entry) {
        // Highest level first: the first index whose level is not above the new one's.
        var low = 0
        var high = armed.count
        while low < high {
            let middle = (low + high) / 2
            if armed[middle].level > entry.level { low = middle + 1 } else { high = middle }
        }
        armed.insert(entry, at: low)
    }

    private mutating func insertWaiting(_ entry: Entry, below: Double) {
        // Lowest threshold first.
        var low = 0
        var high = waiting.count
        while low < high {
            let middle = (low + high) / 2
            if waiting[middle].below < below { low = middle + 1 } else { high = middle }
        }
        waiting.insert((entry, below), at: low)
    }
}
