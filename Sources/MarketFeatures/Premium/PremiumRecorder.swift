public import MarketDomain
import Synchronization

/// Records each compared coin's premium (issue 29): a sample of both bases every second, folded
/// into one-minute bars that go to the store as each minute ends (the store rolls them up into
/// hours and days). However many copies of Sise run on one database, the store lets one record;
/// the others keep sampling, ready to take over when its lease lapses.
public final class PremiumRecorder: Sendable {
    private struct State: Sendable {
        var minutes = PremiumMinutes()
        /// Whether the last write was this copy's (nil before the first).
        var isWriter: Bool?
        var failure: String?
    }

    private let sample: @Sendable () async -> [PremiumSample]
    private let store: PremiumHistoryStore
    private let writer: String
    private let now: @Sendable () -> Int64
    private let state = Mutex(State())

    /// How often the premiums are sampled.
    public static let interval = Duration.seconds(1)

    /// A recorder of what `sample` reads, into `store`, as `writer` (unique to the process),
    /// timed by `now` (Unix ms).
    public init(
        sample: @escaping @Sendable () async -> [PremiumSample], store: PremiumHistoryStore, writer: String,
        now: @escaping @Sendable () -> Int64
    ) {
        self.sample = sample
        self.store = store
        self.writer = writer
        self.now = now
    }

    /// Samples every `interval` on `clock` until cancelled.
    public func run(clock: any Clock<Duration>, interval: Duration = PremiumRecorder.interval) async {
        repeat {
            await recordOnce()
        } while (try? await clock.sleep(for: interval)) != nil
    }

    /// Takes one sample; writes the minutes it finished.
    public func recordOnce() async {
        let samples = await sample()
        let time = now()
        let finished = state.withLock { $0.minutes.take(samples, at: time) }
        guard !finished.isEmpty else { return }
        do {
            let wrote = try store.record(finished, writer, time)
            state.withLock {
                $0.isWriter = wrote
                $0.failure = nil
            }
        } catch {
            state.withLock { $0.failure = "premium history: \(error)" }
        }
    }

    /// The coin's minute being filled, if any.
    public func current(_ symbol: String) -> PremiumBar? {
        state.withLock { $0.minutes.current(symbol) }
    }

    /// Whether this copy recorded the last minutes (false while another copy holds the lease).
    public var isWriter: Bool? { state.withLock { $0.isWriter } }
    /// Why the last write failed, while it did.
    public var failure: String? { state.withLock { $0.failure } }
}
