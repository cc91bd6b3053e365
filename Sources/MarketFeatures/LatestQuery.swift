public import MarketDomain
import SiseSupport

/// The timing rules of a search that asks a remote service as a person types, written once for
/// the stock search and the repository search: a query goes out only after a pause in typing,
/// only when its rules accept it, never twice in a row; a newer query cancels the request in
/// flight; and an answer is handed on only while no newer query has gone out since, so an older
/// answer never replaces a newer one. The view model decides what each step shows.
@MainActor
public final class LatestQuery<Answer: Sendable> {
    /// What the view model is told.
    public enum Event: Sendable {
        /// A query went out: loading starts.
        case sent(String)
        /// The newest query's answer, or why it failed: loading ends.
        case answered(String, Result<Answer, any Error>)
    }

    private let pause: Duration
    private let clock: ViewClock
    private let fetch: @Sendable (String) async throws -> Answer
    private let tasks: TaskOwner
    /// Told what happens: each query sent, the newest one's answer.
    public var onEvent: (@MainActor (Event) -> Void)?
    /// The text as typed now, the last query sent, and the number of the newest sent.
    private var current = ""
    public private(set) var lastSent: String?
    private var generation = 0

    /// A search that asks `fetch` after `pause` on `clock`, telling ``onEvent`` what happens; its
    /// tasks run on `executor` (the shared pool when `nil`).
    public init(
        pause: Duration, clock: ViewClock, executor: (any TaskExecutor)? = nil,
        fetch: @escaping @Sendable (String) async throws -> Answer
    ) {
        self.pause = pause
        self.clock = clock
        self.fetch = fetch
        tasks = TaskOwner(executor: executor)
    }

    /// Whether a request is on its way.
    public var isRequesting: Bool { tasks.isRunning("request") }

    /// The person typed `query`: the wait for a pause starts over, and the query goes out after it
    /// if `accepted`, if it is still what is typed then, and if it is not the last query sent.
    public func typed(_ query: String, accepted: Bool) {
        current = query
        tasks.cancel("pending")
        guard accepted, query != lastSent else { return }
        let clock = clock
        let pause = pause
        tasks.replace("pending") { @MainActor [weak self] in
            do { try await clock.sleep(pause) } catch { return }
            guard let self, self.current == query else { return }
            self.send(query)
        }
    }

    /// Sends `query` at once (a first search on appearing), cancelling any request in flight.
    public func send(_ query: String) {
        current = query
        tasks.cancel("pending")
        lastSent = query
        generation += 1
        let ticket = generation
        onEvent?(.sent(query))
        let fetch = fetch
        tasks.replace("request") { @MainActor [weak self] in
            let result: Result<Answer, any Error>
            do { result = .success(try await fetch(query)) } catch { result = .failure(error) }
            guard !Task.isCancelled, let self, ticket == self.generation else { return }
            self.onEvent?(.answered(query, result))
        }
    }

    /// Stops the wait and the request in flight; true when a request was on its way.
    @discardableResult
    public func cancel() -> Bool {
        let requesting = isRequesting
        tasks.cancelAll()
        return requesting
    }
}
