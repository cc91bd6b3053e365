public import MarketDomain
import Synchronization

/// The dollar in won as the process knows it (issue 29): read now and every minute after from
/// its source (Dunamu's quote, Yahoo's when that fails), kept for every viewer's Compare tab to
/// read at its frame. A failed read keeps the last rate and says why.
public final class ForexWatch: Sendable {
    private struct State: Sendable {
        var rate: ForexRate?
        var failure: String?
    }

    private let state = Mutex(State())
    private let fetch: @Sendable () async throws -> ForexRate

    /// How often the rate is read again.
    public static let interval = Duration.seconds(60)

    /// A watch reading the rate with `fetch`.
    public init(fetch: @escaping @Sendable () async throws -> ForexRate) {
        self.fetch = fetch
    }

    /// The latest rate read, if any.
    public var rate: ForexRate? { state.withLock { $0.rate } }
    /// Why the latest read failed, while it did.
    public var failure: String? { state.withLock { $0.failure } }

    /// Reads the rate now, then every `interval` on `clock`, until cancelled.
    public func run(clock: any Clock<Duration>, interval: Duration = ForexWatch.interval) async {
        repeat {
            await refresh()
        } while (try? await clock.sleep(for: interval)) != nil
    }

    /// Reads the rate once: a new rate replaces the last, a failure keeps it and says why.
    public func refresh() async {
        do {
            let rate = try await fetch()
            state.withLock { $0 = State(rate: rate, failure: nil) }
        } catch {
            // An unreachable source says what it says, without the generic prefix.
            var reason = "\(error)"
            if case .unavailable(let detail) = error as? ExchangeError { reason = detail }
            state.withLock { $0.failure = DisplayWidth.sanitized(reason) }
        }
    }
}
