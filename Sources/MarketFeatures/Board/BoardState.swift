import MarketDomain
import SiseSupport

/// The board as one viewer sees it — tab, search, sort, selection, flashes, toast — and the
/// rules that change it. Pure: time comes in as an argument and what must be stored goes out
/// as effects, so the rules are tested without a clock, a store or a screen.
struct BoardState {
    var settings: BoardSettings
    var favorites: [MarketID]
    var selected: MarketID?
    var firstRow = 0
    var viewportRows = 20
    /// The order the rows are shown in; re-sorted at most about once a second under live updates.
    var order: [MarketID] = []
    var needsReorder = true
    var lastReorder: Duration?
    var changedSinceReorder = false
    var flashes: [MarketID: (direction: ChangeDirection, until: Duration)] = [:]
    var toast: (text: String, until: Duration)?
    var pendingClear: Int?
    var isSearchFocused = false
    var isHelpVisible = false
    /// Whether markets under a warning are left out of the Market and Favorites tabs.
    var hidesWarned = false
    /// Whether the movers view shows instead of the rows (`m`).
    var showsMovers = false
    /// What the Compare tab's premium is measured against (`p`).
    var premiumBasis = PremiumBasis.usdt
    var detail: MarketID?
    /// The market groups the exchange lists (its own quote first) and the one the Market tab shows.
    var quoteGroups: [String] = ["KRW"]
    var quoteGroup = "KRW"

    /// How long a price change flashes.
    static let flashDuration = Duration.milliseconds(300)
    /// How long a toast shows.
    static let toastDuration = Duration.seconds(2)
    /// The shortest time between two re-sorts caused by live data.
    static let reorderInterval = Duration.seconds(1)

    /// What the view model must do outside the state after an input.
    enum Effect: Equatable {
        case saveSettings
        case setFavorite(MarketID, Bool)
        case clearFavorites
    }

    init(settings: BoardSettings, favorites: [MarketID], quoteGroups: [String] = ["KRW"]) {
        self.settings = settings
        self.favorites = favorites
        self.quoteGroups = quoteGroups.isEmpty ? ["KRW"] : quoteGroups
        quoteGroup = self.quoteGroups[0]
    }

    var tab: BoardTab { settings.tab }

    /// Applies an input at `now`; `board` names markets for toasts and counts rows for paging.
    mutating func handle(_ input: BoardInput, board: TickerBoard, language: NameLanguage, now: Duration) -> [Effect] {
        if let pending = pendingClear { return answerClear(input, pending: pending, now: now) }
        switch input {
        case .tabChosen(let tab):
            return choose(tab: tab)
        case .nextTabChosen, .previousTabChosen:
            let tabs = BoardTab.allCases
            let index = tabs.firstIndex(of: tab) ?? 0
            let step = input == .nextTabChosen ? 1 : tabs.count - 1
            return choose(tab: tabs[(index + step) % tabs.count])
        case .searchFocused, .searchTextChanged, .searchCleared, .searchSubmitted, .sortKeyChosen:
            return searchOrSort(input)
        case .selectionMoved, .selectionMovedToFirst, .selectionMovedToLast, .marketChosen, .pageMoved:
            select(input)
        case .favoriteToggled:
            return toggleFavorite(board: board, language: language, now: now)
        case .clearFavoritesRequested:
            pendingClear = favorites.count
        case .confirmationAnswered:
            break
        case .detailOpened:
            // The detail view shows a market of this board; a compare row of a coin it does not list has none.
            detail = selected.flatMap { board.market($0) == nil ? nil : $0 }
        case .detailClosed:
            detail = nil
        case .helpToggled:
            isHelpVisible.toggle()
        case .warnedMarketsToggled:
            hidesWarned.toggle()
            needsReorder = true
        case .moversToggled:
            showsMovers.toggle()
        case .premiumBasisToggled:
            premiumBasis = premiumBasis.toggled
            needsReorder = true
        case .viewportResized(let rows):
            viewportRows = rows.clamped(to: InputBounds.viewportRows)
            keepSelectionInView()
        case .quoteGroupChosen(let quote):
            choose(quoteGroup: quote.uppercased())
        case .nextQuoteGroupChosen, .previousQuoteGroupChosen:
            let index = quoteGroups.firstIndex(of: quoteGroup) ?? 0
            let step = input == .nextQuoteGroupChosen ? 1 : quoteGroups.count - 1
            choose(quoteGroup: quoteGroups[(index + step) % quoteGroups.count])
        }
        return []
    }

    /// A y/n question takes the next answer and nothing else.
    private mutating func answerClear(_ input: BoardInput, pending: Int, now: Duration) -> [Effect] {
        guard case .confirmationAnswered(let yes) = input else { return [] }
        pendingClear = nil
        guard yes else { return [] }
        favorites = []
        needsReorder = true
        showToast(pending == 0 ? "No favorites to clear" : "Cleared \(pending) favorites", now: now)
        return [.clearFavorites]
    }

    /// The search field and the sort order (this tab's own, stored).
    private mutating func searchOrSort(_ input: BoardInput) -> [Effect] {
        switch input {
        case .searchFocused:
            isSearchFocused = true
        case .searchTextChanged(let text):
            // A page can send any text: control characters are never kept (nor stored).
            settings.searches[tab] = DisplayWidth.sanitized(text)
            needsReorder = true
            return [.saveSettings]
        case .searchCleared:
            isSearchFocused = false
            guard !settings.search(for: tab).isEmpty else { return [] }
            settings.searches[tab] = ""
            needsReorder = true
            return [.saveSettings]
        case .searchSubmitted:
            isSearchFocused = false
        case .sortKeyChosen(let key):
            // The moves are each exchange's own: Compare has none to sort by.
            guard tab != .compare || key.moveWindow == nil else { return [] }
            settings.orders[tab] = settings.order(for: tab).choosing(key)
            needsReorder = true
            return [.saveSettings]
        default:
            break
        }
        return []
    }

    /// Moves the selection: by rows or pages, to either end, or to a row this tab shows.
    private mutating func select(_ input: BoardInput) {
        switch input {
        case .selectionMoved(let delta): moveSelection(to: (selectedIndex ?? 0).adding(saturating: delta))
        case .selectionMovedToFirst: moveSelection(to: 0)
        case .selectionMovedToLast: moveSelection(to: order.count - 1)
        case .marketChosen(let id):
            if let index = order.firstIndex(of: id) { moveSelection(to: index) }
        case .pageMoved(let pages):
            moveSelection(
                to: (selectedIndex ?? 0).adding(saturating: pages.multiplied(saturating: max(1, viewportRows - 1))))
        default: break
        }
    }

    /// Notes that a market's price moved at `now`, so its row flashes.
    mutating func priceMoved(_ id: MarketID, direction: ChangeDirection, now: Duration) {
        flashes[id] = (direction, now + Self.flashDuration)
        changedSinceReorder = true
    }

    /// Re-sorts when an input asked for it, or when live data changed and a second has passed.
    /// `comparisons` are the compare tab's rows, unordered.
    mutating func reorderIfDue(
        board: TickerBoard, comparisons: [CoinComparison] = [], language: NameLanguage, now: Duration,
        sharing: OrderSharing? = nil
    ) {
        guard needsReorder || (changedSinceReorder && isReorderDue(now: now)) else { return }
        if tab == .compare {
            let matcher = SearchMatcher(settings.search(for: tab))
            let matching = matcher.matchesEverything ? comparisons : comparisons.filter { matcher.matches($0.market) }
            order = settings.order(for: tab).sorted(matching, language: language, basis: premiumBasis).map(\.id)
        } else if let sharing {
            let state = self
            order = sharing(orderKey(language: language)) {
                state.rowQuotes(board: board, language: language).map(\.id)
            }
        } else {
            order = rowQuotes(board: board, language: language).map(\.id)
        }
        needsReorder = false
        changedSinceReorder = false
        lastReorder = now
        if selected.map({ !order.contains($0) }) ?? true { selected = order.first }
        keepSelectionInView()
    }

    /// Where a view model shares the orders it works out with others on its board (``SharedBoardWork``):
    /// given what an order is made from and how to make it, the order.
    typealias OrderSharing = (SharedBoardWork.OrderKey, () -> [MarketID]) -> [MarketID]

    /// Whether live data may re-sort the rows at `now`: at the first frame of each
    /// ``reorderInterval`` counted from the clock's start, and at least half an interval after
    /// the last re-sort. View models on one timeline (a server's tabs on one beat) re-sort at
    /// the same frames, so those with the same settings sort once between them.
    func isReorderDue(now: Duration) -> Bool {
        guard let lastReorder else { return true }
        func slot(_ time: Duration) -> Int { Int((time / Self.reorderInterval).rounded(.down)) }
        return now - lastReorder >= Self.reorderInterval / 2 && slot(now) > slot(lastReorder)
    }

    /// What the Market and Favorites tabs' order is made from besides the board.
    func orderKey(language: NameLanguage) -> SharedBoardWork.OrderKey {
        SharedBoardWork.OrderKey(
            tab: tab, search: settings.search(for: tab), quoteGroup: quoteGroup, hidesWarned: hidesWarned,
            order: settings.order(for: tab), language: language, favorites: tab == .favorites ? favorites : [])
    }

    /// Drops flashes and a toast whose time is up.
    mutating func expire(now: Duration) {
        // Most frames expire nothing: the table is rebuilt only when something is due.
        if flashes.values.contains(where: { $0.until <= now }) { flashes = flashes.filter { $0.value.until > now } }
        if let toast, toast.until <= now { self.toast = nil }
    }

    /// The quotes of the current tab that match its search, in its order.
    func rowQuotes(board: TickerBoard, language: NameLanguage) -> [Quote] {
        let matcher = SearchMatcher(settings.search(for: tab))
        var quotes: [Quote]
        switch tab {
        case .market: quotes = board.quotes(matching: matcher, quotedIn: quoteGroup)
        case .favorites: quotes = favorites.compactMap { board.quote($0) }.filter { matcher.matches($0.market) }
        case .compare, .watchlist, .alerts: quotes = []
        }
        if hidesWarned { quotes = quotes.filter { $0.market.warning == nil } }
        return settings.order(for: tab).sorted(quotes, language: language, recent: board.recentPrices)
    }

    var selectedIndex: Int? { selected.flatMap { order.firstIndex(of: $0) } }

    /// Shows a market group on the Market tab (a group the exchange does not list is ignored).
    private mutating func choose(quoteGroup quote: String) {
        guard tab == .market, quote != quoteGroup, quoteGroups.contains(quote) else { return }
        quoteGroup = quote
        selected = nil
        firstRow = 0
        needsReorder = true
    }

    private mutating func choose(tab: BoardTab) -> [Effect] {
        guard tab != settings.tab else { return [] }
        settings.tab = tab
        isSearchFocused = false
        selected = nil
        firstRow = 0
        needsReorder = true
        return [.saveSettings]
    }

    private mutating func moveSelection(to index: Int) {
        guard !order.isEmpty else { return }
        selected = order[min(max(index, 0), order.count - 1)]
        keepSelectionInView()
    }

    private mutating func keepSelectionInView() {
        guard let index = selectedIndex else {
            firstRow = 0
            return
        }
        if index < firstRow { firstRow = index }
        if index >= firstRow + viewportRows { firstRow = index - viewportRows + 1 }
        firstRow = max(0, min(firstRow, max(0, order.count - viewportRows)))
    }

    /// Takes the sort orders another copy saved; returns whether they changed.
    mutating func adoptOrders(_ orders: [BoardTab: QuoteOrder]) -> Bool {
        guard orders != settings.orders else { return false }
        settings.orders = orders
        needsReorder = true
        return true
    }

    /// Takes the favorites as the store now holds them (another copy of Sise or `sise favorites`
    /// changed them); the Favorites tab re-sorts.
    mutating func replaceFavorites(_ stored: [MarketID]) {
        guard stored != favorites else { return }
        favorites = stored
        if tab == .favorites { needsReorder = true }
    }

    private mutating func toggleFavorite(board: TickerBoard, language: NameLanguage, now: Duration) -> [Effect] {
        guard let id = selected, let market = board.market(id) else { return [] }
        let label = "\(market.name(in: language)) (\(market.symbol))"
        if let index = favorites.firstIndex(of: id) {
            favorites.remove(at: index)
            showToast("☆ Removed \(label)", now: now)
            if tab == .favorites { needsReorder = true }
            return [.setFavorite(id, false)]
        }
        favorites.append(id)
        showToast("★ Added \(label)", now: now)
        return [.setFavorite(id, true)]
    }

    mutating func showToast(_ text: String, now: Duration) {
        toast = (text, now + Self.toastDuration)
    }
}
