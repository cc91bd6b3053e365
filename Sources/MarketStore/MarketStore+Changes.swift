import Dispatch
import GRDB
public import MarketDomain
import SiseSupport
import Synchronization

extension MarketStore {
    /// A signal when the watching starts, and each time the favorites, the board settings or a
    /// watchlist may have changed since: at once after a write of this process (GRDB's `ValueObservation` of those tables), and within
    /// half a second after a commit of another process (`sise favorites`, `sise watchlist`,
    /// another copy of Sise), which SQLite's `data_version` tells. The watching starts with the
    /// first listener and is shared by every listener of this store, however many.
    public func changes() -> AsyncStream<Void> {
        watch.start(writer: writer)
        return watch.signal.changes()
    }
}

/// What one store's ``MarketStore/changes()`` shares: the observation, the check for other
/// processes' commits, and the listeners.
final class StoreWatch: Sendable {
    let signal = ChangeSignal()
    private let running = Mutex<(observation: AnyDatabaseCancellable, poll: Task<Void, Never>)?>(nil)

    /// How often another process's commit is looked for.
    static let pollInterval = Duration.milliseconds(500)

    /// Starts watching, unless it already is.
    func start(writer: any DatabaseWriter) {
        running.withLock { running in
            guard running == nil else { return }
            let signal = signal
            // The observation's first value (its start) signals too: a listener reads once more,
            // and a write made while the observation started is never missed.
            let observation = ValueObservation.tracking(
                regions: [FavoriteRecord.all(), SettingRecord.all(), WatchlistEntryRecord.all()],
                fetch: { _ in () }
            ).start(
                in: writer, scheduling: .async(onQueue: DispatchQueue.global()),
                onError: { _ in },
                onChange: { signal.signal() })
            // `data_version` of one connection moves when another connection commits; the first
            // reading is taken now, so that a commit right after the watching starts is seen.
            @Sendable func version() -> Int? {
                try? writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA data_version") }
            }
            let first = version()
            let poll = Task.detached {
                var last = first
                while (try? await Task.sleep(for: Self.pollInterval)) != nil {
                    let current = version()
                    if current != last {
                        last = current
                        signal.signal()
                    }
                }
            }
            running = (observation, poll)
        }
    }

    deinit {
        running.withLock { running in
            running?.observation.cancel()
            running?.poll.cancel()
        }
    }
}
