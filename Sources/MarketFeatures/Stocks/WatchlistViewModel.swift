public import MarketDomain

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

    /// What the empty watchlist suggests: only what the source can find (KRX names, 초성 and codes;
    /// US tickers where the source serves the US markets).
    static func emptyHint(_ source: StockSource) -> String {
        let examples = ["삼성전자", "ㅅㅅㅈㅈ", "005930"] + (source.serves(.nasdaq) ? ["AAPL"] : [])
        return "No stocks yet — press a to add one (\(examples.joined(separator: ", ")))"
    }

    /// What a person does on the tab.
    public typealias Input = WatchlistInput

    private struct Entry {
        var stock: Stock
        var quote: StockQuote?
        var closes: [Double] = []
        var state: RowState = .loading
    }

    public private(set) var output = Output()
    private let publisher = OutputPublisher(Output())

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
    private var entries: [Entry] = []
    private var selected: String?
    private var search: StockSearchViewModel?
    private var pendingRemoval: String?
    private var toast: String?
    /// Every task of the tab: `load` (one a batch of rows), `refresher`, `storeWatcher` (reads the
    /// store again at each of its change signals while the tab shows, for edits made elsewhere), `toast`, `detail`,
    /// `names` (fills the English names of KRX stocks from the source, largest first).
    private let tasks: TaskOwner
    private var isShowing = false
    private let note: String?
    private var detail: Detail?
    /// Days of bars the detail chart asks for.
    static var detailDays: Int { 120 }

    /// A view model of `source`'s watchlist; `note` is shown in the status (e.g. why Yahoo stands in for KIS).
    /// Its tasks run on `executor` (the shared pool when `nil`; a test's own executor in tests).
    public init(
        source: StockSource, client: StockDataClient, directory: StockDirectory, store: WatchlistStore,
        clock: ViewClock,
        requestsPerSecond: Int, maxInFlight: Int = 4, refreshInterval: Duration = .seconds(60), note: String? = nil,
        names: StockNameStore = .none, nameRequestInterval: Duration = .milliseconds(500),
        executor: (any TaskExecutor)? = nil
    ) {
        tasks = TaskOwner(executor: executor)
        self.names = names
        self.nameRequestInterval = nameRequestInterval
        self.note = note
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
        switch input {
        case .appeared:
            guard !isShowing else { return }
            isShowing = true
            reloadFromStore()
            startLoading(entries.indices.map { $0 })
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
        case .disappeared:
            isShowing = false
            tasks.cancel("detail")
            detail = nil
            stopLoading()
            tasks.cancel("refresher")
            tasks.cancel("storeWatcher")
            tasks.cancel("names")
            search?.cancel()
        case .refreshRequested:
            stopLoading()
            for index in entries.indices { entries[index].state = .loading }
            startLoading(entries.indices.map { $0 })
        case .selectionMoved(let offset):
            moveSelection(by: offset)
        case .selectedMoved(let offset):
            guard let code = selected else { break }
            edit { $0.move(code, by: offset) }
            if let from = entries.firstIndex(where: { $0.stock.code == code }) {
                let to = min(max(from + offset, 0), entries.count - 1)
                let entry = entries.remove(at: from)
                entries.insert(entry, at: to)
            }
        case .removeRequested:
            guard let code = selected, let entry = entries.first(where: { $0.stock.code == code }) else { break }
            pendingRemoval = code
            output.confirmation = "Remove \(entry.stock.name(in: .korean)) (\(code))? (y/n)"
        case .confirmationAnswered(let yes):
            defer { pendingRemoval = nil }
            guard yes, let code = pendingRemoval else { break }
            edit { $0.remove(code) }
            if let index = entries.firstIndex(where: { $0.stock.code == code }) {
                let name = entries[index].stock.name(in: .korean)
                entries.remove(at: index)
                selected = entries.indices.contains(index) ? entries[index].stock.code : entries.last?.stock.code
                showToast("☆ Removed \(name) (\(code))")
            }
        case .addRequested:
            let search = StockSearchViewModel(
                source: source, directory: directory, client: client, clock: clock, executor: tasks.executor)
            search.outputChanged = { [weak self] in self?.publish() }
            self.search = search
        case .searchTextChanged(let text):
            search?.send(.textChanged(text))
        case .searchSelectionMoved(let offset):
            search?.send(.selectionMoved(by: offset))
        case .searchChosen:
            guard let stock = search?.chosen else { break }
            closeSearch()
            add(stock)
        case .searchCancelled:
            closeSearch()
        case .detailOpened:
            openDetail()
        case .detailClosed:
            tasks.cancel("detail")
            detail = nil
        }
        publish()
    }

    /// The stock of the selected row.
    public var selectedStock: Stock? {
        entries.first { $0.stock.code == selected }?.stock
    }

    private func add(_ stock: Stock) {
        let label = "\(stock.name(in: .korean)) (\(stock.code))"
        let change = edit { $0.add(stock.code) }
        guard change == .added else {
            if change == .alreadyThere { showToast("\(label) is already in the watchlist") }
            return
        }
        entries.append(Entry(stock: stock))
        selected = stock.code
        showToast("★ Added \(label)")
        if isShowing { startLoading([entries.count - 1]) }
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

    /// Takes the watchlist as the store now holds it when another running copy of Sise (or
    /// `sise watchlist`) changed it: rows already loaded keep their data, new ones load; returns
    /// whether it changed. Called at each of the store's change signals while the tab shows.
    @discardableResult
    public func reloadStoredWatchlist() -> Bool {
        guard let codes = try? store.load(source).codes, codes != entries.map(\.stock.code) else { return false }
        let known = Set(entries.map(\.stock.code))
        reloadFromStore()
        let fresh = entries.indices.filter { !known.contains(entries[$0].stock.code) }
        if isShowing { startLoading(fresh) }
        publish()
        return true
    }

    private func reloadFromStore() {
        let codes: [String]
        do {
            codes = try store.load(source).codes
        } catch {
            showToast("⚠ Could not read the watchlist: \(error)")
            codes = []
        }
        let held = Dictionary(entries.map { ($0.stock.code, $0) }, uniquingKeysWith: { first, _ in first })
        entries = codes.compactMap { code in
            held[code] ?? directory.stock(code).map { Entry(stock: $0) }
        }
        if selected.map({ code in !entries.contains { $0.stock.code == code } }) ?? true {
            selected = entries.first?.stock.code
        }
    }

    private func startLoading(_ indices: [Int]) {
        let stocks = indices.map { entries[$0].stock }
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
                    guard !Task.isCancelled else { return }
                    self?.apply(event, stocks: stocks)
                }
            }
        }
    }

    private func stopLoading() {
        tasks.cancel("load")
    }

    private func apply(_ event: WatchlistEvent, stocks: [Stock]) {
        func index(_ position: Int) -> Int? {
            let code = stocks[position].code
            return entries.firstIndex { $0.stock.code == code }
        }
        switch event {
        case .loaded(let position, let quote, let closes):
            guard let row = index(position) else { return }
            entries[row].quote = quote
            entries[row].closes = closes
            entries[row].state = .loaded
        case .failed(let position, let message, _, let retryIn):
            guard let row = index(position) else { return }
            let retry = retryIn.map { " — retrying in \(Self.seconds($0))s" } ?? ""
            entries[row].state = .failed(message + retry)
        case .named(let position, let name):
            learnEnglishName(name, of: stocks[position].code)
            return
        case .started, .finished:
            return
        }
        publish()
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

    private func moveSelection(by offset: Int) {
        guard !entries.isEmpty else { return }
        let current = entries.firstIndex { $0.stock.code == selected } ?? 0
        selected = entries[min(max(current + offset, 0), entries.count - 1)].stock.code
    }

    private func openDetail() {
        guard let entry = entries.first(where: { $0.stock.code == selected }) else { return }
        let stock = entry.stock
        detail = Detail(
            code: stock.code, name: DisplayWidth.sanitized(stock.name(in: .korean)), market: stock.market.rawValue,
            currency: stock.currency, summary: Self.summary(entry.quote, currency: stock.currency), bars: [],
            isLoading: true, error: nil)
        let client = client
        tasks.replace("detail") { @MainActor [weak self] in
            let result: Result<[StockBar], any Error>
            do { result = .success(try await client.fetchDailyBars(stock, Self.detailDays)) } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled, let self, self.detail?.code == stock.code else { return }
            self.detail?.isLoading = false
            switch result {
            case .success(let bars): self.detail?.bars = bars
            case .failure(let error): self.detail?.error = ErrorLine.of(error)
            }
            self.publish()
        }
    }

    private static func summary(_ quote: StockQuote?, currency: String) -> String {
        guard let quote else { return "" }
        let decimals = currency == "KRW" ? 0 : 2
        var text =
            "\(NumberFormat.fixed(quote.price, decimals: decimals)) \(currency)  "
            + "\(NumberFormat.changeRate(quote.changeRate))  \(NumberFormat.signed(quote.changePrice, decimals: decimals))"
        if let low = quote.week52Low, let high = quote.week52High {
            text +=
                "  ·  52w \(NumberFormat.fixed(low, decimals: decimals)) – \(NumberFormat.fixed(high, decimals: decimals))"
        }
        return text
    }

    private func closeSearch() {
        search?.cancel()
        search = nil
    }

    private func showToast(_ text: String) {
        toast = text
        tasks.replace("toast") { @MainActor [weak self, clock] in
            do { try await clock.sleep(for: .seconds(2)) } catch { return }
            self?.toast = nil
            self?.publish()
        }
    }

    /// The current output, then every new one (only the newest waits by default: a renderer's
    /// need; `.unbounded` keeps each one in order).
    public func outputs(
        bufferingPolicy: AsyncStream<Output>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<Output> {
        publisher.subscribe(bufferingPolicy: bufferingPolicy)
    }

    private func publish() {
        var next = Output()
        next.source = source.displayName
        next.rows = entries.map(row)
        next.selectedIndex = entries.firstIndex { $0.stock.code == selected }
        next.search = search?.output
        next.detail = detail
        next.confirmation = pendingRemoval == nil ? nil : output.confirmation
        next.toast = toast
        let loaded = entries.filter { $0.state == .loaded }.count
        let failed = entries.filter { if case .failed = $0.state { true } else { false } }.count
        var status = "\(loaded)/\(entries.count) loaded"
        if failed > 0 { status += " · \(failed) failing" }
        if let note { status += " · \(note)" }
        next.status = status
        if entries.isEmpty { next.placeholder = Self.emptyHint(source) }
        guard next != output else { return }
        output = next
        publisher.publish(next)
    }

    private func row(_ entry: Entry) -> Row {
        let decimals = entry.stock.currency == "KRW" ? 0 : 2
        let quote = entry.quote
        return Row(
            id: entry.stock.code, name: DisplayWidth.sanitized(entry.stock.name(in: .korean)),
            market: entry.stock.market.rawValue,
            price: quote.map { NumberFormat.fixed($0.price, decimals: decimals) } ?? "…",
            changeRate: quote.map { NumberFormat.changeRate($0.changeRate) } ?? "",
            changePrice: quote.map { NumberFormat.signed($0.changePrice, decimals: decimals) } ?? "",
            volume: quote.map { NumberFormat.fixed($0.volume, decimals: 0) } ?? "",
            sparkline: Sparkline.text(entry.closes), direction: quote?.direction ?? .even, state: entry.state,
            isSelected: entry.stock.code == selected)
    }

    private static func seconds(_ duration: Duration) -> Int {
        max(1, Int(duration.components.seconds))
    }
}
