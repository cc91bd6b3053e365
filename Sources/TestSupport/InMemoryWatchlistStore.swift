public import MarketDomain
import SiseSupport
import Synchronization

/// Watchlists held in memory, for view-model tests.
public final class InMemoryWatchlistStore: Sendable {
    private let lists = Mutex<[StockSource: Watchlist]>([:])
    private let signal = ChangeSignal()

    /// A store holding these codes on each source.
    public init(_ lists: [StockSource: [String]] = [:]) {
        self.lists.withLock { $0 = lists.mapValues { Watchlist($0) } }
    }

    /// A source's codes as stored.
    public func codes(_ source: StockSource) -> [String] {
        lists.withLock { $0[source]?.codes ?? [] }
    }

    /// The store as the view models see it.
    public var store: WatchlistStore {
        WatchlistStore(
            load: { source in self.lists.withLock { $0[source] ?? Watchlist() } },
            edit: { source, change in
                let result = self.lists.withLock { lists in
                    var list = lists[source] ?? Watchlist()
                    let result = change(&list)
                    lists[source] = list
                    return result
                }
                self.signal.signal()
                return result
            },
            changes: { self.signal.changes() })
    }
}
