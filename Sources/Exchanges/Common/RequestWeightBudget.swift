import Synchronization

/// A request-weight budget per fixed window, as Binance counts it (exchange-apis.md §4.1): every
/// request has a known weight, the windows start on the wall clock's whole intervals (a one-minute
/// window at every whole minute), and a reply tells the weight the server has counted in the
/// current window. A request that would take the window past the limit waits for the next one,
/// so the server never sees more than the limit in a window (Binance answers 429, then bans).
final class RequestWeightBudget: Sendable {
    private struct State {
        var limit: Int
        var windowMilliseconds: Int64
        var window: Int64 = -1
        var used = 0
        /// Weight already charged to the next window: a request sent close to a window's end may
        /// reach the server in the next one, so it counts in both.
        var usedInNext = 0
        /// No request goes before this (Unix ms): the server refused and asked to wait.
        var blockedUntil: Int64 = 0
        /// How close to a window's edge a request counts in both windows, and how far past the
        /// edge a wait goes: at least ``marginMilliseconds``, twice the slowest recent round trip
        /// (a loaded machine's request may reach the server long after it was weighed).
        var margin = RequestWeightBudget.marginMilliseconds

        /// Takes windows of `seconds` from `time` on; the count so far is kept or dropped.
        mutating func adoptWindow(seconds: Int, at time: Int64, keepingCount: Bool) {
            let milliseconds = Int64(max(1, seconds)) * 1000
            guard milliseconds != windowMilliseconds else { return }
            windowMilliseconds = milliseconds
            window = time / milliseconds
            if !keepingCount {
                used = 0
                usedInNext = 0
            }
        }
    }

    private let state: Mutex<State>
    private let now: @Sendable () -> Int64

    /// A budget of `limit` per `windowSeconds`; `now` is the wall clock in Unix milliseconds.
    init(limit: Int, windowSeconds: Int, now: @escaping @Sendable () -> Int64) {
        state = Mutex(State(limit: max(1, limit), windowMilliseconds: Int64(max(1, windowSeconds)) * 1000))
        self.now = now
    }

    /// The limit and window in force.
    var limit: (weight: Int, windowSeconds: Int) {
        state.withLock { ($0.limit, Int($0.windowMilliseconds / 1000)) }
    }

    /// Takes `weight` from the current window, or says how long to wait for the next one (plus a
    /// margin for clocks that disagree a little). A request heavier than the whole limit goes
    /// alone at the start of a window.
    func reserve(_ weight: Int) -> Duration? {
        let time = now()
        return state.withLock { state in
            if time < state.blockedUntil { return .milliseconds(state.blockedUntil - time) }
            let window = time / state.windowMilliseconds
            if window != state.window {
                state.used = window == state.window + 1 ? state.usedInNext : 0
                state.usedInNext = 0
                state.window = window
            }
            let next = (window + 1) * state.windowMilliseconds
            let nearTheEnd = next - time < state.margin
            let fits = state.used + weight <= state.limit && (!nearTheEnd || state.usedInNext + weight <= state.limit)
            guard fits || state.used == 0 else {
                return .milliseconds(next - time + state.margin)
            }
            state.used += weight
            if nearTheEnd { state.usedInNext += weight }
            return nil
        }
    }

    /// Takes the weight the server reports as used in its window of `windowSeconds` (its count
    /// includes requests of this IP that this client did not send). A header of another window
    /// than the one assumed tells the server's window: it is adopted, with the server's count.
    func told(used: Int, windowSeconds: Int) {
        let time = now()
        state.withLock { state in
            state.adoptWindow(seconds: windowSeconds, at: time, keepingCount: false)
            guard time / state.windowMilliseconds == state.window else { return }
            state.used = max(state.used, used)
        }
    }

    /// The server refused with `used` counted: its limit is no more than that, and nothing goes
    /// before `retryAfter` has passed.
    func refused(used: Int?, retryAfter: Duration) {
        let time = now()
        state.withLock { state in
            if let used, used > 0 { state.limit = min(state.limit, used) }
            let wait = retryAfter.components.seconds * 1000 + retryAfter.components.attoseconds / 1_000_000_000_000_000
            state.blockedUntil = max(state.blockedUntil, time + wait)
        }
    }

    /// Takes the limit the server publishes (`exchangeInfo`'s `REQUEST_WEIGHT` entry). The weight
    /// counted so far stays counted: the reply that published the limit was weighed in the
    /// server's window of that size too.
    func setLimit(_ limit: Int, windowSeconds: Int) {
        let time = now()
        state.withLock { state in
            state.adoptWindow(seconds: windowSeconds, at: time, keepingCount: true)
            state.limit = max(1, limit)
        }
    }

    /// Takes the time a request took from being weighed to its reply: the margin grows at once to
    /// twice a slow one, and shrinks back slowly (an eighth of the way a reply).
    func noteRoundTrip(milliseconds: Int64) {
        state.withLock { state in
            let decayed = state.margin - (state.margin - Self.marginMilliseconds) / 8
            state.margin = min(Self.maximumMarginMilliseconds, max(decayed, 2 * milliseconds))
        }
    }

    /// The margin in force (ms).
    var currentMarginMilliseconds: Int64 { state.withLock { $0.margin } }

    /// Waiting past the window's edge by this much covers a server clock a little behind ours and
    /// a request's time on the way; a request this close to the edge counts in both windows.
    static let marginMilliseconds: Int64 = 250
    /// The largest margin: a quarter of the smallest window Binance publishes (10 s) would be 2.5 s.
    static let maximumMarginMilliseconds: Int64 = 2_000
}
