public import MarketDomain
import SiseSupport

/// The Watchlist tab's view model (SPEC §1.7), Input → transform → Output: the rows appear at once
/// in the person's order as placeholders and fill in one by one as the source answers; a failed
/// row shows its error and retries while the others go on; leaving the tab cancels everything
/// pending; `r` refreshes, and while the tab shows the rows refresh on a calm schedule. Edits
/// (add through the search, remove after y/n, move) are saved to the store at once.
@MainActor
public final class WatchlistViewModel {
    /// Everything the tab shows.
    public typealias Output = WatchlistOutput
    public typealias Row = WatchlistOutput.Row
    public typealias RowState = WatchlistOutput.RowState
    public typealias Detail = WatchlistOutput.Detail
    /// What a person does on the tab.
    public typealias Input = WatchlistInput

    public private(set) var output = Output()
    private let publisher = Broadcast(latest: Output())
    /// The tab's state and rules; this class only runs the effects they return.
    private var state: WatchlistState

    private let source: StockSource
    private let client: StockDataClient
    private var directory: StockDirectory
    private let store: WatchlistStore
    /// Where the English names that sources give are kept.
    private let names: StockNameStore
    /// The pause between two `search-info` requests of the background name fill.
    private let nameRequestInterval: Duration
    private let clock: ViewClock
    private let requestsPerSecond: Int
    private let maxInFlight: Int
    private let refreshInterval: Duration
    private var search: StockSearchViewModel?
    /// Every task of the tab: `load` (one a batch of rows), `refresher`, `storeWatcher` (reads the
    /// store again at each of its change signals while the tab shows, for edits made elsewhere),
    /// `toast`, `detail`, `names` (fills the English names of KRX stocks from the source, largest first).
    private let tasks: TaskOwner
    /// Days of bars the detail chart asks for.
    static var detailDays: Int { 120 }

    /// A view model of `source`'s watchlist; `note` is shown in the status (e.g. why Yahoo stands in for KIS).
    /// Its tasks run on `executor` (the shared pool when `nil`; a test's own executor in tests).
    public init(
        source: StockSource, client: StockDataClient, directory: StockDirectory, store: WatchlistStore,
        clock: ViewClock, requestsPerSecond: Int, maxInFlight: Int = 4, refreshInterval: Duration = .seconds(60),
        note: String? = nil, names: StockNameStore = .none, nameRequestInterval: Duration = .milliseconds(500),
        executor: (any TaskExecutor)? = nil
    ) {
        tasks = TaskOwner(executor: executor)
        state = WatchlistState(source: source, note: note)
        self.names = names
        self.nameRequestInterval = nameRequestInterval
        self.source = source
        self.client = client
        self.directory = directory.addingEnglishNames((try? names.load()) ?? [:])
        self.store = store
        self.clock = clock
        self.requestsPerSecond = requestsPerSecond
        self.maxInFlight = maxInFlight
        self.refreshInterval = refreshInterval
        output.source = source.displayName
    }

    /// Takes one input.
    public func send(_ input: Input) {
        run(state.handle(input))
        publish()
    }

    /// The stock of the selected row.
    public var selectedStock: Stock? {
        state.entries.first { $0.stock.code == state.selected }?.stock
    }

    /// The current output, then every new one (only the newest waits by default: a renderer's
    /// need; `.unbounded` keeps each one in order).
    public func outputs(
        bufferingPolicy: AsyncStream<Output>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<Output> {
        publisher.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Takes the watchlist as the store now holds it when another running copy of Sise (or
    /// `sise watchlist`) changed it: rows already loaded keep their data, new ones load; returns
    /// whether it changed. Called at each of the store's change signals while the tab shows.
    @discardableResult
    public func reloadStoredWatchlist() -> Bool {
        guard let codes = try? store.load(source).codes, codes != state.entries.map(\.stock.code) else { return false }
        let fresh = state.reload(codes: codes, directory: directory)
        if state.isShowing { run([.load(fresh)]) }
        publish()
        return true
    }

    /// Runs effects in order.
    private func run(_ effects: [WatchlistEffect]) {
        for effect in effects {
            switch effect {
            case .reloadFromStore: reloadFromStore()
            case .load(let stocks): startLoading(stocks)
            case .loadAll: startLoading(state.entries.map(\.stock))
            case .stopLoading: tasks.cancel("load")
            case .startFollowing: startFollowing()
            case .stopFollowing:
                for name in ["refresher", "storeWatcher", "names"] { tasks.cancel(name) }
                search?.cancel()
            case .save(let edit): save(edit)
            case .addChosenStock: addChosenStock()
            case .openSearch: openSearch()
            case .closeSearch:
                search?.cancel()
                search = nil
            case .search(let input): search?.send(input)
            case .loadDetail(let stock): loadDetail(stock)
            case .cancelDetail: tasks.cancel("detail")
            case .showToast(let text): showToast(text)
            }
        }
    }

    private func reloadFromStore() {
        do {
            _ = state.reload(codes: try store.load(source).codes, directory: directory)
        } catch {
            showToast("⚠ Could not read the watchlist: \(error)")
            _ = state.reload(codes: [], directory: directory)
        }
    }

    /// The calm refresh, the store's change signals and the English names' fill, while the tab shows.
    private func startFollowing() {
        tasks.replace("refresher") { @MainActor [weak self, clock, refreshInterval] in
            while !Task.isCancelled {
                do { try await clock.sleep(for: refreshInterval) } catch { return }
                self?.send(.refreshRequested)
            }
        }
        // Another tab, copy of Sise or `sise watchlist` changed the store: read it again.
        let changes = store.changes()
        tasks.replace("storeWatcher") { @MainActor [weak self] in
            for await _ in changes { self?.reloadStoredWatchlist() }
        }
        fillEnglishNames()
    }

    private func save(_ edit: WatchlistEdit) {
        switch edit {
        case .move(let code, let offset): self.edit { $0.move(code, by: offset) }
        case .remove(let code): self.edit { $0.remove(code) }
        }
    }

    private func addChosenStock() {
        guard let stock = search?.chosen else { return }
        run([.closeSearch])
        let code = stock.code
        run(state.added(stock, change: edit { $0.add(code) }))
    }

    @discardableResult
    private func edit(_ change: @escaping @Sendable (inout Watchlist) -> Watchlist.Change) -> Watchlist.Change? {
        do {
            return try store.edit(source, change)
        } catch {
            showToast("⚠ Could not save: \(error)")
            return nil
        }
    }

    private func openSearch() {
        let search = StockSearchViewModel(
            source: source, directory: directory, client: client, clock: clock, executor: tasks.executor)
        search.outputChanged = { [weak self] in self?.publish() }
        self.search = search
    }

    private func startLoading(_ stocks: [Stock]) {
        guard !stocks.isEmpty else { return }
        let loader = WatchlistLoader(
            client: client, clock: clock, maxInFlight: maxInFlight, requestsPerSecond: requestsPerSecond)
        tasks.add("load") { @MainActor [weak self] in
            let (events, sink) = AsyncStream<WatchlistEvent>.makeStream()
            // The loader runs as a child of this task, so cancelling the load cancels its requests.
            await withDiscardingTaskGroup { group in
                group.addTask {
                    await loader.run(stocks) { sink.yield($0) }
                    sink.finish()
                }
                for await event in events {
                    guard !Task.isCancelled, let self else { return }
                    if case .named(let position, let name) = event {
                        self.learnEnglishName(name, of: stocks[position].code)
                    } else if self.state.apply(event, stocks: stocks) {
                        self.publish()
                    }
                }
            }
        }
    }

    /// Fills, in the background while the tab shows, the English names the KRX list lacks from a
    /// source that tells them cheaply (KIS `search-info`), largest stocks first, one request every
    /// ``nameRequestInterval`` (a small share of the source's limit); each is kept in the store, so
    /// the fill happens once and `sams` finds 삼성전자 from then on.
    private func fillEnglishNames() {
        guard let fetch = client.fetchEnglishName else { return }
        let missing = directory.stocksWithoutEnglishName(on: source)
        guard !missing.isEmpty else { return }
        let clock = clock
        let interval = nameRequestInterval
        tasks.replace("names") { @MainActor [weak self] in
            var failuresInARow = 0
            for stock in missing {
                guard !Task.isCancelled else { return }
                do {
                    if let name = try await fetch(stock) { self?.learnEnglishName(name, of: stock.code) }
                    failuresInARow = 0
                } catch {
                    if Task.isCancelled { return }
                    failuresInARow += 1
                }
                // A source in trouble is left alone for a while instead of asked again at once.
                let pause = failuresInARow >= 3 ? interval * 60 : interval
                do { try await clock.sleep(for: pause) } catch { return }
            }
        }
    }

    /// Keeps an English name a source gave, when the stock had none and the name is a Latin one.
    private func learnEnglishName(_ name: String, of code: String) {
        guard directory.stock(code)?.englishName.isEmpty == true, Self.isLatinName(name) else { return }
        directory.setEnglishName(name, of: code)
        try? names.save(code, name)
    }

    /// Whether a name reads in Latin letters (a source without an English name may send the Korean one).
    static func isLatinName(_ name: String) -> Bool {
        name.unicodeScalars.contains { $0.properties.isAlphabetic && $0.value < 0x0250 }
            && !name.unicodeScalars.contains {
                (0x1100...0x11FF).contains($0.value) || (0x3130...0x318F).contains($0.value)
                    || (0xAC00...0xD7A3).contains($0.value)
            }
    }

    private func loadDetail(_ stock: Stock) {
        let client = client
        tasks.replace("detail") { @MainActor [weak self] in
            let result: Result<[StockBar], any Error>
            do { result = .success(try await client.fetchDailyBars(stock, Self.detailDays)) } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            self.state.detailLoaded(code: stock.code, result)
            self.publish()
        }
    }

    private func showToast(_ text: String) {
        state.toast = text
        tasks.replace("toast") { @MainActor [weak self, clock] in
            do { try await clock.sleep(for: .seconds(2)) } catch { return }
            self?.state.toast = nil
            self?.publish()
        }
    }

    private func publish() {
        let next = state.output(search: search?.output)
        guard next != output else { return }
        output = next
        publisher.send(next)
    }
}
