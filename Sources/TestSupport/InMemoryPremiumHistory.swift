public import MarketDomain
import Synchronization

/// A premium history held in memory (issue 29), for view-model tests: minutes kept as recorded,
/// hours and days rolled up from them (a back-fill's days kept where none was recorded), one
/// writer at a time under the same lease as the store's; it can be told to fail.
public final class InMemoryPremiumHistory: Sendable {
    private struct State {
        var minutes: [PremiumBar] = []
        var filledDays: [PremiumBar] = []
        var holder: (writer: String, until: Int64)?
        var fails = false
        var writes = 0
    }

    private let state = Mutex(State())

    public init(days: [PremiumBar] = []) {
        state.withLock { $0.filledDays = days }
    }

    /// Makes every read and write fail from now on.
    public func fail() {
        state.withLock { $0.fails = true }
    }

    /// How many writes were taken.
    public var writes: Int { state.withLock { $0.writes } }

    /// The history as the recorder and the views see it.
    public var store: PremiumHistoryStore {
        PremiumHistoryStore(
            record: { minutes, writer, now in
                try self.state.withLock { state in
                    if state.fails { throw InMemoryPreferenceStore.StoreFailure() }
                    if let holder = state.holder, holder.writer != writer, holder.until > now { return false }
                    state.holder = (writer, now + PremiumHistoryStore.lease)
                    let starts = Set(minutes.map { "\($0.symbol) \($0.start)" })
                    state.minutes.removeAll { starts.contains("\($0.symbol) \($0.start)") }
                    state.minutes = (state.minutes + minutes).sorted { ($0.symbol, $0.start) < ($1.symbol, $1.start) }
                    state.writes += 1
                    return true
                }
            },
            bars: { symbol, interval, from in
                try self.state.withLock { state in
                    if state.fails { throw InMemoryPreferenceStore.StoreFailure() }
                    let minutes = state.minutes.filter { $0.symbol == symbol }
                    var bars = interval == .minute ? minutes : PremiumBar.rolledUp(minutes, into: interval)
                    if interval == .day {
                        let recorded = Set(bars.map(\.start))
                        bars += state.filledDays.filter { $0.symbol == symbol && !recorded.contains($0.start) }
                        bars.sort { $0.start < $1.start }
                    }
                    return bars.filter { $0.start >= from }
                }
            },
            addDays: { days in
                try self.state.withLock { state in
                    if state.fails { throw InMemoryPreferenceStore.StoreFailure() }
                    let known = Set(state.filledDays.map { "\($0.symbol) \($0.start)" })
                    let new = days.filter { !known.contains("\($0.symbol) \($0.start)") }
                    state.filledDays += new
                    return new.count
                }
            })
    }
}
