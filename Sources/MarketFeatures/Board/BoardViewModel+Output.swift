import MarketDomain

extension BoardViewModel {
    /// The output for the current state: only the rows in view are formatted, and of those only
    /// the ones that changed since they were last formatted.
    func makeOutput() -> BoardOutput {
        var output = BoardOutput()
        output.tab = state.tab
        output.searchText = state.settings.search(for: state.tab)
        output.isSearchFocused = state.isSearchFocused
        output.order = state.settings.order(for: state.tab)
        output.columnsGivingWay = BoardColumn.givingWay(on: state.tab, sortedBy: output.order.key)
        output.columnTitles = BoardColumn.titles(language)
        output.rowCount = state.order.count
        output.firstRowIndex = state.firstRow
        output.selectedRowIndex = state.selectedIndex
        let favorites = Set(state.favorites)
        let visible = state.order.dropFirst(state.firstRow).prefix(state.viewportRows)
        if state.tab == .compare {
            output.compareRows = compareRows()
        } else {
            let keys = visible.map { id in
                SharedBoardWork.RowKey(
                    id: id, flash: state.flashes[id]?.direction, isFavorite: favorites.contains(id),
                    isSelected: id == state.selected)
            }
            if let work = beat?.boardWork, let version = seenVersions[board.exchange] {
                // Tabs on one beat that show the same rows format them once between them.
                output.rows = work.rows(
                    of: board, version: version, key: SharedBoardWork.RowsKey(rows: keys, language: language)
                ) { formatRows(keys) }
            } else {
                output.rows = formatRows(keys)
            }
        }
        output.placeholder = placeholder()
        output.status.exchange = board.exchange.displayName
        output.status.isSimulated = isSimulated
        output.status.connection = connection
        output.status.notice = BoardStatus.notice(for: connection, of: board.exchange.displayName)
        output.status.ticksPerSecond = tickTimes.count
        output.status.lastUpdate = lastTimestamp.map(KoreanTime.clock) ?? ""
        output.status.feeds = feedStatuses()
        output.toast = state.toast?.text
        output.confirmation = state.pendingClear.map { count in
            count == 0 ? "No favorites to clear. OK? (y/n)" : "Clear all \(count) favorites? (y/n)"
        }
        output.isHelpVisible = state.isHelpVisible
        output.hidesWarned = state.hidesWarned
        output.forexLine = forexLine()
        if state.showsMovers, state.tab == .market || state.tab == .favorites {
            movesFill?.start(first: state.quoteGroup)
            output.movers = MoversPanel.of(
                snapshot, key: output.order.key, quote: state.quoteGroup,
                markets: state.tab == .favorites ? favorites : nil, language: language,
                filling: movesFill?.progress?.text)
        }
        output.detailMarket = state.detail
        output.quoteGroup = state.quoteGroup
        if state.quoteGroups.count > 1 { output.quoteGroups = state.quoteGroups }
        return output
    }

    /// The rows in view, formatted: of each only what changed since this view model last
    /// formatted it.
    private func formatRows(_ keys: [SharedBoardWork.RowKey]) -> [BoardRow] {
        // The board once, not copied out of `self` for each row.
        let snapshot = snapshot
        return keys.compactMap { key in
            let id = key.id
            guard let ticker = snapshot.ticker(id) else { return nil }
            let fractions = snapshot.recentPrices.changes(of: id, over: Self.moveWindows)
            let cached = formattedRows[id]
            // The moves are formatted only when their fractions changed: most frames move none.
            let moves = cached.flatMap { $0.fractions == fractions ? $0.row.moves : nil } ?? Self.moves(fractions)
            if let cached, cached.ticker == ticker, cached.flash == key.flash, cached.isFavorite == key.isFavorite,
                cached.isSelected == key.isSelected, cached.row.moves == moves
            {
                if cached.fractions != fractions { formattedRows[id]?.fractions = fractions }
                return cached.row
            }
            guard let quote = snapshot.quote(id) else { return nil }
            var row = row(for: quote, isFavorite: key.isFavorite, isSelected: key.isSelected, on: snapshot)
            row.moves = moves
            formattedRows[id] = FormattedRow(
                ticker: ticker, flash: key.flash, isFavorite: key.isFavorite, isSelected: key.isSelected,
                fractions: fractions, row: row)
            return row
        }
    }

    private func row(for quote: Quote, isFavorite: Bool, isSelected: Bool, on snapshot: TickerBoard) -> BoardRow {
        let ticker = quote.ticker
        let quoteCurrency = quote.market.quote
        return BoardRow(
            id: quote.id, name: DisplayWidth.sanitized(quote.market.name(in: language)), symbol: quote.market.symbol,
            price: NumberFormat.price(ticker.price, quote: quoteCurrency),
            changeRate: NumberFormat.changeRate(ticker.changeRate),
            changePrice: NumberFormat.changePrice(ticker.changePrice, price: ticker.price, quote: quoteCurrency),
            tradeValue: NumberFormat.tradeValue(ticker.tradeValue24h, quote: quote.market.quote),
            direction: ticker.direction,
            flash: state.flashes[quote.id]?.direction, isFavorite: isFavorite, isSelected: isSelected,
            badges: RowBadge.of(quote.market, isNew: snapshot.newMarkets.contains(quote.id)))
    }

    private func placeholder() -> String? {
        switch state.tab {
        case .compare:
            guard exchangeBoards != nil else { return "Compare across exchanges: start the app with every exchange" }
            guard state.order.isEmpty else { return nil }
            let search = state.settings.search(for: state.tab)
            if !search.isEmpty { return "No coin matches “\(search)” — Esc clears the search" }
            return "Waiting for prices from two or more Korean exchanges…"
        case .watchlist, .alerts: return nil  // these tabs draw their own rows and hints
        case .market, .favorites:
            guard state.order.isEmpty else { return nil }
            let search = state.settings.search(for: state.tab)
            if !search.isEmpty { return "No market matches “\(search)” — Esc clears the search" }
            if state.tab == .favorites { return "No favorites yet — press f on a market to add it" }
            return snapshot.marketCount == 0 ? "Loading markets…" : nil
        }
    }

    /// The windows of the Δ1m, Δ5m and Δ15m columns, in ms.
    static let moveWindows = (
        SortKey.move1m.moveWindow ?? 0, SortKey.move5m.moveWindow ?? 0, SortKey.move15m.moveWindow ?? 0
    )

    /// A market's moves over 1, 5 and 15 minutes, formatted; empty where not covered.
    static func moves(_ fractions: (Double?, Double?, Double?)) -> (String, String, String) {
        func format(_ fraction: Double?) -> String { fraction.map(NumberFormat.changeRate) ?? "" }
        return (format(fractions.0), format(fractions.1), format(fractions.2))
    }

}

extension BoardRow {
    /// The moves over 1, 5 and 15 minutes as the row shows them.
    fileprivate var moves: (String, String, String) {
        get { (move1m, move5m, move15m) }
        set { (move1m, move5m, move15m) = newValue }
    }
}
