import Synchronization

/// Each market's prices over the last quarter of an hour, what the board's Δ1m, Δ5m and Δ15m
/// columns and the movers read (issue 28): one sample every two seconds at most (a later tick
/// within two seconds replaces the sample's price), filled from the market's own ticks.
///
/// A change over a window is the latest price against the price at the window's start; a window
/// the samples do not reach back to yet is not covered, and has no change — never a made-up one.
/// "Now" is the newest tick's time, so a market that has not traded for ten minutes moved 0 % in
/// the last five.
///
/// A reference shared by a board and every frame made of it: recording a tick writes in place
/// under a lock (no copy per frame), and readers see the latest samples.
public final class RecentPrices: Sendable {
    /// One market's samples, oldest first. The newest sample is held inline (`newest`), apart
    /// from the older ones' arrays: most ticks only replace it (a later tick within two seconds),
    /// and then touch nothing but the market's entry.
    private struct Trail {
        /// The samples before the newest, from `start`.
        var times: [Int64] = []
        var prices: [Double] = []
        var start = 0
        /// The time of the last of `times` (the sample before the newest), while there is one.
        var previousTime: Int64?
        var newest: (time: Int64, price: Double)?

        /// The oldest sample's time, while there is one.
        var firstTime: Int64? { times.count > start ? times[start] : newest?.time }

        /// Every sample, oldest first.
        var samples: [(time: Int64, price: Double)] {
            (start..<times.count).map { (times[$0], prices[$0]) } + (newest.map { [$0] } ?? [])
        }

        /// Adds a tick's price: it replaces the newest sample when that one came within
        /// ``RecentPrices/sampleSpacing`` of the sample before it, else it is a new sample.
        mutating func append(_ price: Double, at time: Int64) {
            guard let last = newest else {
                newest = (time, price)
                return
            }
            guard time >= last.time else { return }
            if let previousTime, time - previousTime < RecentPrices.sampleSpacing {
                newest = (time, price)
                return
            }
            times.append(last.time)
            prices.append(last.price)
            previousTime = last.time
            newest = (time, price)
            // The oldest sample still needed is the last one at or before the span's start (the
            // newest is after it).
            let cutoff = time - RecentPrices.span
            while times.count - start > 1, times[start + 1] <= cutoff { start += 1 }
            if start > 64, start * 2 > times.count {
                times.removeFirst(start)
                prices.removeFirst(start)
                start = 0
            }
        }

        /// The price at the window's start (the last sample at or before it) against the latest.
        func change(over window: Int64, now: Int64) -> Double? {
            let target = now - window
            guard let newest, let first = firstTime, first <= target else { return nil }
            if newest.time <= target { return 0 }
            // The last older sample at or before the target: a binary search over the live part.
            var low = start
            var high = times.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if times[middle] <= target { low = middle } else { high = middle - 1 }
            }
            return newest.price / prices[low] - 1
        }
    }

    private struct State {
        /// Each market's trail, by its slot.
        var trails: [Trail] = []
        /// Each market's slot in `trails`: given at its first sample, kept for good.
        var slots: [MarketID: Int] = [:]
        var latest: Int64 = 0

        /// A market's trail, if it has one.
        func trail(_ id: MarketID) -> Trail? { slots[id].map { trails[$0] } }

        /// The market's slot, given now when it has none.
        mutating func slot(_ id: MarketID) -> Int {
            if let slot = slots[id] { return slot }
            trails.append(Trail())
            slots[id] = trails.count - 1
            return trails.count - 1
        }
    }

    /// Where a market's samples are kept: what the slot-taking `record` takes to record
    /// the next tick without looking the market up again (a board keeps it by the market's place,
    /// saving a hash of the id every tick).
    public struct Slot: Sendable, Equatable {
        fileprivate let index: Int
        /// The recent prices it belongs to: a slot of other recent prices is never used here.
        fileprivate let owner: ObjectIdentifier
    }

    private let state = Mutex(State())

    /// The least time between two samples of a market, in ms.
    public static let sampleSpacing: Int64 = 2_000
    /// How far back the samples reach: the longest window, in ms.
    public static let span: Int64 = 900_000

    public init() {}

    /// Records a market's price at a time (Unix ms); returns the market's slot, for recording its
    /// next ticks, or `nil` when the price is not a price (not finite, or not above zero).
    @discardableResult
    public func record(_ id: MarketID, price: Double, at time: Int64) -> Slot? {
        guard price.isFinite, price > 0 else { return nil }
        let index = state.withLock { state in
            state.latest = max(state.latest, time)
            let slot = state.slot(id)
            state.trails[slot].append(price, at: time)
            return slot
        }
        return Slot(index: index, owner: ObjectIdentifier(self))
    }

    /// Records the price at a time (Unix ms) of the market a slot was given for; a slot of other
    /// recent prices is ignored (and `false` returned), as is a price that is not a price.
    @discardableResult
    public func record(_ slot: Slot, price: Double, at time: Int64) -> Bool {
        guard slot.owner == ObjectIdentifier(self) else { return false }
        guard price.isFinite, price > 0 else { return true }
        state.withLock { state in
            state.latest = max(state.latest, time)
            state.trails[slot.index].append(price, at: time)
        }
        return true
    }

    /// Fills a market's samples from before its first one (an exchange's one-minute candles, so a
    /// window is covered at once rather than after waiting for it); samples at or after the first
    /// one kept are left out. `samples` are (time, price), oldest first.
    public func fill(_ id: MarketID, earlier samples: [(time: Int64, price: Double)]) {
        state.withLock { state in
            let kept = state.trail(id) ?? Trail()
            let first = kept.firstTime ?? Int64.max
            var trail = Trail()
            for sample in samples where sample.time < first && sample.price.isFinite && sample.price > 0 {
                trail.append(sample.price, at: sample.time)
                state.latest = max(state.latest, sample.time)
            }
            for sample in kept.samples { trail.append(sample.price, at: sample.time) }
            state.trails[state.slot(id)] = trail
        }
    }

    /// The newest tick's time recorded (Unix ms), 0 before any.
    public var latest: Int64 { state.withLock { $0.latest } }

    /// How much a market moved over the last `window` ms, as a fraction (0.012 for +1.2 %);
    /// nil while its samples do not reach back that far.
    public func change(of id: MarketID, over window: Int64) -> Double? {
        state.withLock { state in
            guard let trail = state.trail(id) else { return nil }
            return trail.change(over: window, now: state.latest)
        }
    }

    /// How much a market moved over each of three windows (ms), read at one look: what a board
    /// row's Δ1m, Δ5m and Δ15m show.
    public func changes(
        of id: MarketID, over windows: (Int64, Int64, Int64)
    ) -> (Double?, Double?, Double?) {
        state.withLock { state in
            guard let trail = state.trail(id) else { return (nil, nil, nil) }
            let now = state.latest
            return (
                trail.change(over: windows.0, now: now), trail.change(over: windows.1, now: now),
                trail.change(over: windows.2, now: now)
            )
        }
    }

    /// The changes over `window` of every market whose samples reach back that far.
    public func changes(over window: Int64) -> [MarketID: Double] {
        state.withLock { state in
            var changes: [MarketID: Double] = [:]
            for (id, slot) in state.slots {
                let trail = state.trails[slot]
                if let change = trail.change(over: window, now: state.latest) { changes[id] = change }
            }
            return changes
        }
    }
}
