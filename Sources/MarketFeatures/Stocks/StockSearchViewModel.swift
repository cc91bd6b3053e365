public import MarketDomain
import SiseSupport

/// The add-a-stock search (SPEC §1.7), Input → Output: local matches (name, code, 초성) at every
/// keystroke; the source's remote search only after a 300 ms pause, for two Latin characters or
/// more, never the same query twice in a row, the request in flight cancelled when a newer one
/// starts, a loading flag while it waits, and an older answer never replacing a newer one.
@MainActor
public final class StockSearchViewModel {
    /// What the search shows.
    public struct Output: Sendable, Equatable, Codable {
        public var text = ""
        /// Local matches first, then remote ones not already listed.
        public var results: [Stock] = []
        public var selectedIndex = 0
        /// A remote request is on its way.
        public var isLoading = false
        /// The remote search failed (rate limit, network).
        public var remoteError: String?

        public init() {}
    }

    /// What a person does in the search.
    public enum Input: Sendable, Equatable, Codable {
        case textChanged(String)
        case selectionMoved(by: Int)

        // The JSON name of the text: `{"textChanged":{"text":"sams"}}`.
        enum TextChangedCodingKeys: String, CodingKey { case _0 = "text" }
    }

    /// The pause after the last keystroke before a remote request.
    public static let pause = Duration.milliseconds(300)

    public private(set) var output = Output()
    private let publisher = Broadcast(latest: Output())
    /// Told after each new output, before any subscriber sees it: the watchlist that holds this
    /// search makes its own output from it.
    var outputChanged: (@MainActor () -> Void)?

    private let source: StockSource
    private let directory: StockDirectory
    private var local: [Stock] = []
    private var remote: [Stock] = []
    /// The remote search's pause, rules and order of answers.
    private let query: LatestQuery<[Stock]>

    /// A search over the directory and a source's remote search; its tasks run on `executor` (the
    /// shared pool when `nil`).
    public init(
        source: StockSource, directory: StockDirectory, client: StockDataClient, clock: ViewClock,
        executor: (any TaskExecutor)? = nil
    ) {
        self.source = source
        self.directory = directory
        query = LatestQuery(pause: Self.pause, clock: clock, executor: executor, fetch: client.searchRemote)
        query.onEvent = { [weak self] event in self?.remote(event) }
    }

    /// The current output, then every new one (only the newest waits by default: a renderer's
    /// need; `.unbounded` keeps each one in order).
    public func outputs(
        bufferingPolicy: AsyncStream<Output>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<Output> {
        publisher.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Hands the output as it is now on.
    private func announce() {
        outputChanged?()
        publisher.send(output)
    }

    /// The stock chosen now, if any.
    public var chosen: Stock? {
        output.results.indices.contains(output.selectedIndex) ? output.results[output.selectedIndex] : nil
    }

    /// Takes one input.
    public func send(_ input: Input) {
        switch input {
        case .textChanged(let text):
            output.text = text
            local = directory.search(text, on: source)
            remote = []
            output.remoteError = nil
            output.selectedIndex = 0
            publish()
            scheduleRemote(text)
        case .selectionMoved(let offset):
            guard !output.results.isEmpty else { return }
            output.selectedIndex = min(
                max(output.selectedIndex.adding(saturating: offset), 0), output.results.count - 1)
            announce()
        }
    }

    /// Stops every pending and running request.
    public func cancel() {
        query.cancel()
        if output.isLoading {
            output.isLoading = false
            announce()
        }
    }

    private func scheduleRemote(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        query.typed(trimmed, accepted: source == .yahoo && StockSearchRules.sendsRemotely(trimmed))
    }

    private func remote(_ event: LatestQuery<[Stock]>.Event) {
        switch event {
        case .sent:
            output.isLoading = true
            announce()
        case .answered(_, let result):
            output.isLoading = false
            switch result {
            case .success(let stocks):
                remote = stocks.filter { source.serves($0.market) }.map { directory.stock($0.code) ?? $0 }
            case .failure(let error):
                output.remoteError = ErrorLine.of(error)
            }
            publish()
        }
    }

    private func publish() {
        let known = Set(local.map(\.code))
        output.results = local + remote.filter { !known.contains($0.code) }
        if output.selectedIndex >= output.results.count { output.selectedIndex = max(0, output.results.count - 1) }
        announce()
    }
}
