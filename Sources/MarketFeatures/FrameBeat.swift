import Synchronization

/// One frame timer for many view models (`sise serve`'s tabs that have view models of their own):
/// each waits for the next beat (``next()``) instead of sleeping a frame on a timer of its own,
/// so a hundred of them wake together once a frame, on one timer, and take one board frame
/// between them (``frame(of:since:)``) instead of a hop to the board each.
///
/// The beat ticks only while someone waits: a server with no such view model has no timer.
public final class FrameBeat: Sendable {
    /// The time between two beats.
    public let interval: Duration
    private let clock: ViewClock
    /// Where the beat's task runs (the shared pool when `nil`; a test's driver in tests).
    private let executor: (any TaskExecutor)?
    private let state = Mutex(State())
    /// The boards' frames taken at this beat, shared by the view models that wake at it.
    private let frames = BeatFrames()
    /// The orders and rows the board view models on this beat work out alike.
    let boardWork = SharedBoardWork()

    private struct State {
        var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
        var nextWaiter = 0
        var isTicking = false
        /// Beats so far.
        var count = 0
        /// When the last beat came, on the beat's clock.
        var lastBeatTime = Duration.zero
    }

    /// A beat every `interval` on `clock` (ten a second: ``BoardViewModel/liveFrameInterval``); its task runs on `executor` (the shared pool when `nil`).
    public init(
        clock: ViewClock, interval: Duration = .milliseconds(100), executor: (any TaskExecutor)? = nil
    ) {
        self.clock = clock
        self.interval = interval
        self.executor = executor
    }

    /// Beats so far: a view model that did something at one beat can tell whether another came.
    public var count: Int { state.withLock { $0.count } }

    /// When the last beat came, on the beat's clock (zero before the first): one time for every
    /// view model the beat woke, whenever each of them reads it.
    public var lastBeatTime: Duration { state.withLock { $0.lastBeatTime } }

    /// The time on the beat's clock now.
    public var now: Duration { clock.elapsed() }

    /// Returns at the next beat; throws `CancellationError` when the task is cancelled first.
    public func next() async throws {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                let (cancelled, starts) = state.withLock { state -> (Bool, Bool) in
                    // A cancellation that came before this point found no waiter to resume.
                    if Task.isCancelled { return (true, false) }
                    state.waiters[id] = waiter
                    guard !state.isTicking else { return (false, false) }
                    state.isTicking = true
                    return (false, true)
                }
                if cancelled { waiter.resume(throwing: CancellationError()) }
                if starts { Task(executorPreference: executor) { await self.tick() } }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }

    /// Beats while anyone waits: every waiter is resumed at once, one timer for all of them.
    private func tick() async {
        while true {
            try? await clock.sleep(interval)
            let time = clock.elapsed()
            let due = state.withLock { state -> [CheckedContinuation<Void, any Error>]? in
                state.count += 1
                state.lastBeatTime = time
                guard !state.waiters.isEmpty else {
                    state.isTicking = false
                    return nil
                }
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            guard let due else { return }
            for waiter in due { waiter.resume() }
        }
    }

    /// `board`'s frame since `version`, taken once a beat for every view model that asks with the
    /// same version (all of them but a newcomer, once they frame on this beat): the first one's hop
    /// to the board serves the rest.
    @MainActor
    public func frame(of board: LiveBoard, since version: UInt64?) async -> BoardFrame {
        await frames.frame(of: board, since: version, beat: count)
    }
}

/// The boards' frames of one beat, by board and the version they start from.
@MainActor
private final class BeatFrames {
    private struct Key: Hashable {
        var board: ObjectIdentifier
        var since: UInt64?
    }

    /// The beat the frames were taken at; older ones are dropped when a newer beat asks.
    private var beat = -1
    private var frames: [Key: Task<BoardFrame, Never>] = [:]

    nonisolated init() {}

    func frame(of board: LiveBoard, since version: UInt64?, beat: Int) async -> BoardFrame {
        if beat != self.beat {
            self.beat = beat
            frames = [:]
        }
        let key = Key(board: ObjectIdentifier(board), since: version)
        if let taken = frames[key] { return await taken.value }
        let taking = Task { await board.frame(since: version) }
        frames[key] = taking
        return await taking.value
    }
}
