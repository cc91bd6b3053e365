public import MarketDomain
import Synchronization

/// Fills a board's move windows from the exchange's one-minute candles (issue 65): the board's
/// own ticks cover a fifteen-minute window only fifteen minutes after the start, but each
/// market's last minutes are one request away. The movers view and the rows' Δ columns show the
/// moves from the start of the fill, with its progress; `sise movers` fills its window the same way.
public final class CandleMovesFill: Sendable {
    /// How far a fill has come: markets read of those asked for, and those with no candles.
    public struct Progress: Sendable, Equatable {
        public var done: Int
        public var total: Int
        public var failed: Int

        /// Progress of `done` markets of `total`, `failed` of them without candles.
        public init(done: Int, total: Int, failed: Int) {
            self.done = done
            self.total = total
            self.failed = failed
        }

        /// Whether every market was asked for.
        public var isFinished: Bool { done >= total }

        /// `Filling 15m from one-minute candles: 120 of 408 markets`, while the fill runs.
        public var text: String? {
            isFinished ? nil : "Filling 15m from one-minute candles: \(done) of \(total) markets"
        }
    }

    private struct State: Sendable {
        var task: Task<Void, Never>?
        var progress: Progress?
    }

    private let board: LiveBoard
    private let now: @Sendable () -> Int64
    private let state = Mutex(State())

    /// The longest window a board shows a move over: what a fill covers.
    public static let window: Int64 = 15 * 60_000
    /// How many markets' candles are asked for at once (the client keeps the exchange's pace).
    static let parallel = 8

    /// A fill of `board`'s windows, timed by `now` (Unix ms).
    public init(board: LiveBoard, now: @escaping @Sendable () -> Int64) {
        self.board = board
        self.now = now
    }

    /// Starts the fill of every market, the `first` quote's first (once, however often called).
    public func start(first quote: String) {
        state.withLock { state in
            guard state.task == nil else { return }
            state.task = Task { [board, now] in
                let snapshot = await board.board
                let ids = snapshot.markets.map(\.id).sorted { first, second in
                    let (firstAway, secondAway) = (first.quote != quote ? 1 : 0, second.quote != quote ? 1 : 0)
                    return (firstAway, first.rawValue) < (secondAway, second.rawValue)
                }
                await Self.fill(snapshot.recentPrices, ids: ids, from: board.client, window: Self.window, now: now) {
                    progress in self.state.withLock { $0.progress = progress }
                }
            }
        }
    }

    /// How far the fill has come; nil before it starts.
    public var progress: Progress? { state.withLock { $0.progress } }

    /// Stops a fill under way.
    public func stop() {
        state.withLock { $0.task?.cancel() }
    }

    /// Fills each market's one-minute candles over `window` ms (each candle's open at its start,
    /// its close at its end or now) into `recent`, before its own samples, ``parallel`` requests
    /// at a time; `progress` hears after each market. A market whose candles cannot be read is
    /// measured from the feed alone (counted as failed).
    public static func fill(
        _ recent: RecentPrices, ids: [MarketID], from client: MarketDataClient, window: Int64,
        now: @escaping @Sendable () -> Int64, progress: (Progress) -> Void
    ) async {
        let count = Int(max(window, 60_000) / 60_000) + 2
        var result = Progress(done: 0, total: ids.count, failed: 0)
        progress(result)
        await withTaskGroup(of: (MarketID, [IntervalCandle]?).self) { group in
            var next = 0
            func start() {
                guard next < ids.count, !Task.isCancelled else { return }
                let id = ids[next]
                next += 1
                group.addTask { (id, try? await client.fetchCandles(id, .minute, nil, count)) }
            }
            for _ in 0..<parallel { start() }
            for await (id, candles) in group {
                if let candles {
                    let time = now()
                    recent.fill(
                        id,
                        earlier: candles.flatMap { [($0.start, $0.open), (min($0.start + 59_999, time), $0.close)] })
                } else {
                    result.failed += 1
                }
                result.done += 1
                progress(result)
                start()
            }
        }
    }
}
