public import MarketDomain
import SiseSupport

/// The numbers list (SPEC §1.14), the other classic MVVM example: on appearing it fetches five
/// random integers between 100 and 1000; each `addRandomNumberTapped` fetches one more and
/// appends it; a failed fetch shows as a failure for three seconds of the injected clock and the
/// list stays as it was.
@MainActor
public final class NumbersViewModel {
    /// What happened.
    public enum Input: Sendable, Equatable, Codable {
        case appeared
        case addRandomNumberTapped
    }

    /// What the screen shows.
    public struct Output: Sendable, Equatable, Codable {
        public var numbers: [Int] = []
        /// A fetch is on its way.
        public var isLoading = false
        /// The last fetch failed (an error toast), for three seconds.
        public var failure: String?

        public init() {}
    }

    /// The range drawn from, how many come first, and how long a failure shows.
    nonisolated public static let range = 100...1000
    nonisolated public static let firstCount = 5
    nonisolated public static let failureDuration = Duration.seconds(3)

    public private(set) var output = Output()
    private let publisher = Broadcast(latest: Output())
    private let client: RandomNumberClient
    private let clock: ViewClock
    private let tasks: TaskOwner
    private var appeared = false

    /// A list fed by `client`, timing its failures on `clock`; its tasks run on `executor`.
    public init(client: RandomNumberClient, clock: ViewClock, executor: (any TaskExecutor)? = nil) {
        self.client = client
        self.clock = clock
        tasks = TaskOwner(executor: executor)
    }

    /// The current output, then every new one.
    public func outputs(
        bufferingPolicy: AsyncStream<Output>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<Output> {
        publisher.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Takes one input; what it starts shows in later outputs.
    public func send(_ input: Input) {
        switch input {
        case .appeared:
            guard !appeared else { return }
            appeared = true
            fetch(count: Self.firstCount)
        case .addRandomNumberTapped:
            fetch(count: 1)
        }
    }

    /// Fetches `count` numbers and appends them; fetches run one after another, so the numbers
    /// append in the order they were asked for.
    private func fetch(count: Int) {
        queued.append(count)
        output.isLoading = true
        publish()
        guard !isFetching else { return }
        isFetching = true
        let client = client
        tasks.replace("fetch") { @MainActor [weak self] in
            while let count = self?.queued.first {
                let result: Result<[Int], any Error>
                do {
                    result = .success(try await client.fetch(Self.range.lowerBound, Self.range.upperBound, count))
                } catch {
                    result = .failure(error)
                }
                guard let self, !Task.isCancelled else { return }
                self.queued.removeFirst()
                self.fetched(result)
            }
            self?.isFetching = false
        }
    }

    /// The counts asked for and not fetched yet, oldest first; whether the fetching task runs.
    private var queued: [Int] = []
    private var isFetching = false

    private func fetched(_ result: Result<[Int], any Error>) {
        output.isLoading = !queued.isEmpty
        switch result {
        case .success(let numbers): output.numbers += numbers
        case .failure(let error):
            output.failure = ErrorLine.of(error)
            let clock = clock
            tasks.replace("failure") { @MainActor [weak self] in
                do { try await clock.sleep(Self.failureDuration) } catch { return }
                self?.output.failure = nil
                self?.publish()
            }
        }
        publish()
    }

    private func publish() {
        publisher.send(output)
    }
}
