public import Clocks
public import MarketDomain
public import SiseSupport
import Synchronization

/// Runs the code under test one job at a time on the test's own thread, and moves a `TestClock`
/// only between runs: an executor that keeps the jobs given to it until the test drains them
/// (``settle()``). Give a view model or a feed ``owner`` (or start work with ``start(_:)``) and
/// its tasks, with their child tasks and the actors they call, run here and nowhere else; nothing
/// runs in parallel with the test and no real time passes, so what a test sees is the same on an
/// idle machine and on a loaded one.
public final class TaskDriver: TaskExecutor, Sendable {
    /// The clock the code under test must be given.
    public let clock: TestClock<Duration>
    private let queue = Mutex<[UnownedJob]>([])
    private let origin: TestClock<Duration>.Instant

    /// A driver of a fresh test clock.
    public init(clock: TestClock<Duration> = TestClock()) {
        self.clock = clock
        origin = clock.now
    }

    /// An owner whose tasks run on this driver.
    public func owner() -> TaskOwner { TaskOwner(executor: self) }

    /// The test clock's time since the driver was made.
    public var elapsed: Duration { origin.duration(to: clock.now) }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.append(job) }
    }

    /// Starts `operation` as a task of this driver (an owner of the test's own).
    @discardableResult
    public func start(_ operation: @escaping @Sendable @isolated(any) () async -> Void) -> Task<Void, Never> {
        Task(executorPreference: self) { await operation() }
    }

    /// Runs every job that can run without the clock moving: the driver's jobs, and in between the
    /// main actor's (by yielding to them), until a long enough run of rounds finds nothing to do.
    @MainActor public func settle() async {
        var quietRounds = 0
        while quietRounds < Self.quietRoundsNeeded {
            quietRounds = runQueuedJobs() > 0 ? 0 : quietRounds + 1
            await Task.yield()
        }
    }

    /// Hops between the main actor and the driver: a chain of this many hops on the main actor
    /// alone, without any job here, would end a settle early.
    private static let quietRoundsNeeded = 32

    /// Moves the clock by `duration` in steps, settling after each, so that a task woken in one
    /// step starts its next wait before the clock moves on.
    @MainActor public func advance(by duration: Duration, step: Duration = .milliseconds(100)) async {
        await settle()
        var left = duration
        while left > .zero {
            let move = min(step, left)
            await clock.advance(by: move)
            await settle()
            left -= move
        }
    }

    /// Moves the clock step by step until `condition` holds, and fails (with `what` in the
    /// message) when it still does not after `limit` of the clock.
    @MainActor public func advance(
        until what: String, limit: Duration = .seconds(120), step: Duration = .milliseconds(100),
        _ condition: @MainActor () async -> Bool
    ) async throws {
        await settle()
        let start = elapsed
        while !(await condition()) {
            guard elapsed - start < limit else { throw DeadlineExceeded(seconds: Self.seconds(limit), what: what) }
            await advance(by: step, step: step)
        }
    }

    /// Runs the jobs queued now and those they queue, returning how many ran.
    @MainActor private func runQueuedJobs() -> Int {
        var ran = 0
        while let job = queue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
            ran += 1
        }
        jobsRunSoFar.withLock { $0 += ran }
        return ran
    }

    /// How many jobs the driver has run: a test of what wakes a task reads it before and after.
    public var jobsRun: Int { jobsRunSoFar.withLock { $0 } }
    private let jobsRunSoFar = Mutex(0)

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
