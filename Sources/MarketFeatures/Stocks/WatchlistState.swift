public import MarketDomain
import SiseSupport

/// The Watchlist tab's state and its rules (SPEC §1.7), pure: the rows in the person's order with
/// what each has loaded, the selection, the question and the toast showing, the open detail.
/// Each input changes it and returns the ``WatchlistEffect``s to run; nothing here waits, reads
/// a store or sends a request, so every rule is tested synchronously.
struct WatchlistState: Sendable, Equatable {
    /// A row's stock and what has loaded of it.
    struct Entry: Sendable, Equatable {
        var stock: Stock
        var quote: StockQuote?
        var closes: [Double] = []
        var state: WatchlistOutput.RowState = .loading
    }

    let source: StockSource
    /// Said in the status (why Yahoo stands in for KIS).
    let note: String?
    var entries: [Entry] = []
    var selected: String?
    /// The stock the y/n question would remove.
    var pendingRemoval: String?
    var confirmation: String?
    var toast: String?
    var detail: WatchlistOutput.Detail?
    var isShowing = false

    init(source: StockSource, note: String? = nil) {
        self.source = source
        self.note = note
    }

    /// Takes one input; returns what to run.
    mutating func handle(_ input: WatchlistInput) -> [WatchlistEffect] {
        switch input {
        case .appeared:
            guard !isShowing else { return [] }
            isShowing = true
            return [.reloadFromStore, .loadAll, .startFollowing]
        case .disappeared:
            isShowing = false
            detail = nil
            return [.cancelDetail, .stopLoading, .stopFollowing]
        case .refreshRequested:
            for index in entries.indices { entries[index].state = .loading }
            return [.stopLoading, .loadAll]
        case .selectionMoved(let offset):
            moveSelection(by: offset)
            return []
        case .selectedMoved(let offset):
            return moveSelected(by: offset)
        case .removeRequested:
            guard let code = selected, let entry = entries.first(where: { $0.stock.code == code }) else { return [] }
            pendingRemoval = code
            confirmation = "Remove \(entry.stock.name(in: .korean)) (\(code))? (y/n)"
            return []
        case .confirmationAnswered(let yes):
            return answer(yes)
        case .addRequested: return [.openSearch]
        case .searchTextChanged(let text): return [.search(.textChanged(text))]
        case .searchSelectionMoved(let offset): return [.search(.selectionMoved(by: offset))]
        case .searchChosen: return [.addChosenStock]
        case .searchCancelled: return [.closeSearch]
        case .detailOpened:
            guard let entry = entries.first(where: { $0.stock.code == selected }) else { return [] }
            let stock = entry.stock
            detail = WatchlistOutput.Detail(
                code: stock.code, name: DisplayWidth.sanitized(stock.name(in: .korean)),
                market: stock.market.rawValue, currency: stock.currency,
                summary: WatchlistOutput.summary(entry.quote, currency: stock.currency), bars: [], isLoading: true,
                error: nil)
            return [.loadDetail(stock)]
        case .detailClosed:
            detail = nil
            return [.cancelDetail]
        }
    }

    private mutating func moveSelection(by offset: Int) {
        guard !entries.isEmpty else { return }
        let current = entries.firstIndex { $0.stock.code == selected } ?? 0
        selected = entries[min(max(current.adding(saturating: offset), 0), entries.count - 1)].stock.code
    }

    private mutating func moveSelected(by offset: Int) -> [WatchlistEffect] {
        guard let code = selected else { return [] }
        if let from = entries.firstIndex(where: { $0.stock.code == code }) {
            let to = min(max(from.adding(saturating: offset), 0), entries.count - 1)
            let entry = entries.remove(at: from)
            entries.insert(entry, at: to)
        }
        return [.save(.move(code: code, by: offset))]
    }

    private mutating func answer(_ yes: Bool) -> [WatchlistEffect] {
        defer {
            pendingRemoval = nil
            confirmation = nil
        }
        guard yes, let code = pendingRemoval else { return [] }
        var effects: [WatchlistEffect] = [.save(.remove(code: code))]
        if let index = entries.firstIndex(where: { $0.stock.code == code }) {
            let name = entries[index].stock.name(in: .korean)
            entries.remove(at: index)
            selected = entries.indices.contains(index) ? entries[index].stock.code : entries.last?.stock.code
            effects.append(.showToast("☆ Removed \(name) (\(code))"))
        }
        return effects
    }

    /// Takes the stored codes: rows already held keep their data, codes the directory does not
    /// know are left out, the selection stays when its row does; returns the stocks that are new.
    mutating func reload(codes: [String], directory: StockDirectory) -> [Stock] {
        let held = Dictionary(entries.map { ($0.stock.code, $0) }, uniquingKeysWith: { first, _ in first })
        entries = codes.compactMap { code in held[code] ?? directory.stock(code).map { Entry(stock: $0) } }
        if selected.map({ code in !entries.contains { $0.stock.code == code } }) ?? true {
            selected = entries.first?.stock.code
        }
        return entries.filter { held[$0.stock.code] == nil }.map(\.stock)
    }

    /// After the store took (or refused) `stock`: its row, selected and loading, and a toast.
    mutating func added(_ stock: Stock, change: Watchlist.Change?) -> [WatchlistEffect] {
        let label = "\(stock.name(in: .korean)) (\(stock.code))"
        guard change == .added else {
            return change == .alreadyThere ? [.showToast("\(label) is already in the watchlist")] : []
        }
        entries.append(Entry(stock: stock))
        selected = stock.code
        return [.showToast("★ Added \(label)")] + (isShowing ? [.load([stock])] : [])
    }

    /// Takes what a batch of `stocks` loaded; false when nothing shown changed.
    mutating func apply(_ event: WatchlistEvent, stocks: [Stock]) -> Bool {
        func row(_ position: Int) -> Int? {
            let code = stocks[position].code
            return entries.firstIndex { $0.stock.code == code }
        }
        switch event {
        case .loaded(let position, let quote, let closes):
            guard let index = row(position) else { return false }
            entries[index].quote = quote
            entries[index].closes = closes
            entries[index].state = .loaded
        case .failed(let position, let message, _, let retryIn):
            guard let index = row(position) else { return false }
            let retry = retryIn.map { " — retrying in \(max(1, Int($0.components.seconds)))s" } ?? ""
            entries[index].state = .failed(message + retry)
        case .named, .started, .finished:
            return false
        }
        return true
    }

    /// The open detail's bars, or why they could not be had.
    mutating func detailLoaded(code: String, _ result: Result<[StockBar], any Error>) {
        guard detail?.code == code else { return }
        detail?.isLoading = false
        switch result {
        case .success(let bars): detail?.bars = bars
        case .failure(let error): detail?.error = ErrorLine.of(error)
        }
    }

    /// The output, with the open search's.
    func output(search: StockSearchViewModel.Output?) -> WatchlistOutput {
        var output = WatchlistOutput()
        output.source = source.displayName
        output.rows = entries.map { WatchlistOutput.Row($0, isSelected: $0.stock.code == selected) }
        output.selectedIndex = entries.firstIndex { $0.stock.code == selected }
        output.search = search
        output.detail = detail
        output.confirmation = confirmation
        output.toast = toast
        let loaded = entries.filter { $0.state == .loaded }.count
        let failed = entries.filter { if case .failed = $0.state { true } else { false } }.count
        var status = "\(loaded)/\(entries.count) loaded"
        if failed > 0 { status += " · \(failed) failing" }
        if let note { status += " · \(note)" }
        output.status = status
        if entries.isEmpty { output.placeholder = WatchlistOutput.emptyHint(source) }
        return output
    }
}
