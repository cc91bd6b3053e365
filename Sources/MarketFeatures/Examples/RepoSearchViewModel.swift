public import MarketDomain
import SiseSupport

/// The repository search (SPEC §1.14), the classic MVVM example on Sise's shape: on appearing it
/// searches `swift`; then a query goes out only when longer than 2 characters, different from the
/// last one sent, after a 0.3 s pause in typing; a new search cancels the one in flight and an
/// older answer never replaces a newer one (``LatestQuery``, shared with the stock search);
/// choosing a repository shows its id in an alert.
@MainActor
public final class RepoSearchViewModel {
    /// What happened.
    public enum Input: Sendable, Equatable, Codable {
        case appeared
        case queryChanged(String)
        case selectionMoved(by: Int)
        case repositoryChosen(id: Int64)
        case alertDismissed

        enum QueryChangedCodingKeys: String, CodingKey { case _0 = "query" }
    }

    /// One repository as a row shows it.
    public struct Row: Sendable, Equatable, Codable {
        public var id: Int64
        public var fullName: String
        public var description: String
        /// `★ 68.9k`.
        public var stars: String
        public var language: String
    }

    /// What the screen shows.
    public struct Output: Sendable, Equatable, Codable {
        public var query = ""
        public var rows: [Row] = []
        public var selectedIndex = 0
        /// A search is on its way.
        public var isLoading = false
        /// The last search failed: `rate limited, try again in 42 s`.
        public var error: String?
        /// The chosen repository's id, until the alert is dismissed.
        public var alert: String?

        public init() {}
    }

    /// The first search, and the rules of the ones typed.
    nonisolated public static let firstQuery = "swift"
    nonisolated public static let pause = Duration.milliseconds(300)
    nonisolated public static let minimumLength = 3

    public private(set) var output = Output()
    private let publisher = Broadcast(latest: Output())
    private let search: LatestQuery<[Repository]>

    /// A search through `client`, waiting on `clock`; its tasks run on `executor` (the shared pool
    /// when `nil`).
    public init(client: RepositorySearchClient, clock: ViewClock, executor: (any TaskExecutor)? = nil) {
        search = LatestQuery(pause: Self.pause, clock: clock, executor: executor, fetch: client.search)
        search.onEvent = { [weak self] event in self?.searched(event) }
    }

    /// The current output, then every new one.
    public func outputs(
        bufferingPolicy: AsyncStream<Output>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<Output> {
        publisher.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Takes one input; its effect is in ``output`` when this returns.
    public func send(_ input: Input) {
        switch input {
        case .appeared:
            guard search.lastSent == nil else { return }
            output.query = Self.firstQuery
            search.send(Self.firstQuery)
        case .queryChanged(let text):
            output.query = text
            let query = text.trimmingWhitespace()
            search.typed(query, accepted: query.count >= Self.minimumLength)
        case .selectionMoved(let offset):
            guard !output.rows.isEmpty else { return }
            output.selectedIndex = min(max(output.selectedIndex.adding(saturating: offset), 0), output.rows.count - 1)
        case .repositoryChosen(let id):
            guard let row = output.rows.first(where: { $0.id == id }) else { return }
            output.alert = "\(row.fullName)\nid \(row.id)"
        case .alertDismissed:
            output.alert = nil
        }
        publish()
    }

    private func searched(_ event: LatestQuery<[Repository]>.Event) {
        switch event {
        case .sent:
            output.isLoading = true
            output.error = nil
        case .answered(_, .success(let repositories)):
            output.isLoading = false
            output.rows = repositories.map(Self.row)
            output.selectedIndex = 0
        case .answered(_, .failure(let error)):
            output.isLoading = false
            output.error = ErrorLine.of(error)
        }
        publish()
    }

    private func publish() {
        publisher.send(output)
    }

    /// A repository as a row shows it (the headless form prints the same).
    nonisolated public static func row(_ repository: Repository) -> Row {
        let stars = repository.stars
        let count =
            stars >= 1_000
            ? NumberFormat.fixed(Double(stars) / 1_000, decimals: stars >= 100_000 ? 0 : 1) + "k" : String(stars)
        return Row(
            id: repository.id, fullName: DisplayWidth.sanitized(repository.fullName),
            description: DisplayWidth.sanitized(repository.description ?? ""), stars: "★ \(count)",
            language: DisplayWidth.sanitized(repository.language ?? ""))
    }
}
