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
    /// One market's samples, oldest first, from `start`.
    private struct Trail {
        var times: [Int64] = []
        var prices: [Double] = []
        var start = 0

        var count: Int { times.count - start }
    }

    private struct State {
        var trails: [MarketID: Trail] = [:]
        var latest: Int64 = 0
    }

    private let state = Mutex(State())

    /// The least time between two samples of a market, in ms.
    public static let sampleSpacing: Int64 = 2_000
    /// How far back the samples reach: the longest window, in ms.
    public static let span: Int64 = 900_000

    public init() {}

    /// Records a market's price at a time (Unix ms).
    public func record(_ id: MarketID, price: Double, at time: Int64) {
        guard price.isFinite, price > 0 else { return }
        state.withLock { state in
            state.latest = max(state.latest, time)
            Self.append(price, at: time, to: &state.trails[id, default: Trail()])
        }
    }

    /// Fills a market's samples from before its first one (an exchange's one-minute candles, so a
    /// window is covered at once rather than after waiting for it); samples at or after the first
    /// one kept are left out. `samples` are (time, price), oldest first.
    public func fill(_ id: MarketID, earlier samples: [(time: Int64, price: Double)]) {
        state.withLock { state in
            let kept = state.trails[id] ?? Trail()
            let first = kept.count > 0 ? kept.times[kept.start] : Int64.max
            var trail = Trail()
            for sample in samples where sample.time < first && sample.price.isFinite && sample.price > 0 {
                Self.append(sample.price, at: sample.time, to: &trail)
                state.latest = max(state.latest, sample.time)
            }
            for index in kept.start..<kept.times.count {
                Self.append(kept.prices[index], at: kept.times[index], to: &trail)
            }
            state.trails[id] = trail
        }
    }

    private static func append(_ price: Double, at time: Int64, to trail: inout Trail) {
        if let last = trail.times.last {
            guard time >= last else { return }
            if trail.count > 1, time - trail.times[trail.times.count - 2] < sampleSpacing {
                trail.times[trail.times.count - 1] = time
                trail.prices[trail.prices.count - 1] = price
                return
            }
        }
        trail.times.append(time)
        trail.prices.append(price)
        // The oldest sample still needed is the last one at or before the span's start.
        let cutoff = time - span
        while trail.count > 1, trail.times[trail.start + 1] <= cutoff { trail.start += 1 }
        if trail.start > 64, trail.start * 2 > trail.times.count {
            trail.times.removeFirst(trail.start)
            trail.prices.removeFirst(trail.start)
            trail.start = 0
        }
    }

    /// The newest tick's time recorded (Unix ms), 0 before any.
    public var latest: Int64 { state.withLock { $0.latest } }

    /// How much a market moved over the last `window` ms, as a fraction (0.012 for +1.2 %);
    /// nil while its samples do not reach back that far.
    public func change(of id: MarketID, over window: Int64) -> Double? {
        state.withLock { state in
            guard let trail = state.trails[id] else { return nil }
            return Self.change(trail, over: window, now: state.latest)
        }
    }

    /// How much a market moved over each of three windows (ms), read at one look: what a board
    /// row's Δ1m, Δ5m and Δ15m show.
    public func changes(
        of id: MarketID, over windows: (Int64, Int64, Int64)
    ) -> (Double?, Double?, Double?) {
        state.withLock { state in
            guard let trail = state.trails[id] else { return (nil, nil, nil) }
            let now = state.latest
            return (
                Self.change(trail, over: windows.0, now: now), Self.change(trail, over: windows.1, now: now),
                Self.change(trail, over: windows.2, now: now)
            )
        }
    }

    /// The changes over `window` of every market whose samples reach back that far.
    public func changes(over window: Int64) -> [MarketID: Double] {
        state.withLock { state in
            var changes: [MarketID: Double] = [:]
            for (id, trail) in state.trails {
                if let change = Self.change(trail, over: window, now: state.latest) { changes[id] = change }
            }
            return changes
        }
    }

    /// The price at the window's start (the last sample at or before it) against the latest.
    private static func change(_ trail: Trail, over window: Int64, now: Int64) -> Double? {
        let target = now - window
        guard trail.count > 0, trail.times[trail.start] <= target, let last = trail.prices.last else { return nil }
        // The last sample at or before the target: a binary search over the live part.
        var low = trail.start
        var high = trail.times.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if trail.times[middle] <= target { low = middle } else { high = middle - 1 }
        }
        return last / trail.prices[low] - 1
    }
}
