import Dispatch
import GRDB
public import MarketDomain
import SiseSupport
import Synchronization

extension MarketStore {
    /// A signal at once (the listener reads once more), and each time the favorites, the
    /// settings, a watchlist or the alert rules may have changed since: at once after a write of
    /// this process (GRDB's `ValueObservation` of those tables), and after a commit of another
    /// process (`sise favorites`, `sise watchlist`, another copy of Sise), which SQLite's
    /// `data_version` tells, looked at when the database's files are written (at once, on Linux)
    /// or else within half a second. The watching starts with the first listener and is shared by
    /// every listener of this store, however many.
    public func changes() -> AsyncStream<Void> {
        watch.start(writer: writer)
        return watch.signal.changes()
    }
}

/// What one store's ``MarketStore/changes()`` shares: the observation, the check for other
/// processes' commits, and the listeners.
final class StoreWatch: Sendable {
    let signal = ChangeSignal(greetsNewListeners: true)
    private let clock: any Clock<Duration>
    private let running = Mutex<Running?>(nil)

    /// What runs while watching.
    private struct Running {
        var observation: AnyDatabaseCancellable
        var commits: CommitCheck
        var files: DatabaseFileWatch?
        var poll: Task<Void, Never>
    }

    /// How often another process's commit is looked for when the database's files cannot be
    /// watched.
    static let pollInterval = Duration.milliseconds(500)
    /// How often it is looked for all the same while they are (a file system whose writes by
    /// other machines inotify does not see): an idle app then wakes for it once a minute.
    static let backstopInterval = Duration.seconds(60)

    /// Whether other processes' commits are looked for when the database's files are written.
    private let watchesFiles: Bool

    /// A watch whose look for other processes' commits waits on `clock`, and is made at once
    /// when the files are written too unless `watchesFiles` is `false`.
    init(clock: any Clock<Duration>, watchesFiles: Bool = true) {
        self.clock = clock
        self.watchesFiles = watchesFiles
    }

    /// Starts watching, unless it already is.
    func start(writer: any DatabaseWriter) {
        running.withLock { running in
            guard running == nil else { return }
            let signal = signal
            // The observation's first value (its start) signals too: a write made while the
            // observation started is never missed.
            let observation = ValueObservation.tracking(
                regions: [
                    FavoriteRecord.all(), SettingRecord.all(), WatchlistEntryRecord.all(), AlertRuleRecord.all(),
                ],
                fetch: { _ in () }
            ).start(
                in: writer, scheduling: .async(onQueue: DispatchQueue.global()),
                onError: { _ in },
                onChange: { signal.signal() })
            let commits = CommitCheck(writer: writer, signal: signal)
            let files = watchesFiles ? DatabaseFileWatch(path: writer.path) { commits.check() } : nil
            let clock = clock
            let interval = files == nil ? Self.pollInterval : Self.backstopInterval
            let poll = Task.detached {
                while (try? await clock.sleep(for: interval)) != nil { commits.check() }
            }
            running = Running(observation: observation, commits: commits, files: files, poll: poll)
        }
    }

    /// Looks for another process's commit now, as a write of the files or the poll does; returns
    /// whether it found one (and signalled). `false` when not watching.
    @discardableResult
    func checkForCommits() -> Bool {
        running.withLock { $0?.commits }?.check() ?? false
    }

    deinit {
        running.withLock { running in
            running?.observation.cancel()
            running?.files?.cancel()
            running?.poll.cancel()
        }
    }
}

/// The look for other processes' commits: SQLite's `data_version` of one connection moves when
/// another connection commits. The first reading is taken when made, so that a commit right after
/// the watching starts is seen.
final class CommitCheck: Sendable {
    private let writer: any DatabaseWriter
    private let signal: ChangeSignal
    private let last: Mutex<Int?>

    init(writer: any DatabaseWriter, signal: ChangeSignal) {
        self.writer = writer
        self.signal = signal
        last = Mutex(Self.version(writer))
    }

    /// Signals when `data_version` moved since the last check; returns whether it did.
    @discardableResult
    func check() -> Bool {
        let current = Self.version(writer)
        let moved = last.withLock { last in
            defer { last = current }
            return current != last
        }
        if moved { signal.signal() }
        return moved
    }

    private static func version(_ writer: any DatabaseWriter) -> Int? {
        try? writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA data_version") }
    }
}
