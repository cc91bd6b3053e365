import MarketDomain

extension BoardViewModel {
    /// Compares again what moved since the last time: the coins whose prices moved, or every
    /// coin when a whole board (or the KRW-USDT rate behind every premium) changed.
    func recomputeComparisons() {
        let usdKRW = measuredRate?.usdKRW
        if staleComparisons.all {
            let quotes = compareSnapshots.mapValues(\.quotes)
            comparisons = Dictionary(
                CoinComparison.compare(quotes).map { ($0.id, $0.measured(against: usdKRW)) },
                uniquingKeysWith: { first, _ in first })
        } else {
            let rate = CoinComparison.usdtRate(on: compareSnapshots)
            for symbol in staleComparisons.symbols {
                let id = MarketID(quote: "KRW", base: symbol)
                comparisons[id] = CoinComparison.compare(symbol: symbol, on: compareSnapshots, usdtRate: rate)?
                    .measured(against: usdKRW)
            }
        }
        staleComparisons = StaleComparisons(all: false)
    }

    /// The compare rows in view, formatted.
    func compareRows() -> [CompareRow] {
        let favorites = Set(state.favorites)
        let visible = state.order.dropFirst(state.firstRow).prefix(state.viewportRows)
        return visible.compactMap { id in
            comparisons[id].map { compareRow($0, isFavorite: favorites.contains(id), isSelected: id == state.selected) }
        }
    }

    /// The Compare tab's line about its premium: the basis, the bank rate (its source and time,
    /// or why it is missing) and tether's premium over it; `nil` without a rate source.
    func forexLine() -> String? {
        guard let forex, state.tab == .compare else { return nil }
        let basis = "김프 vs \(state.premiumBasis.displayName)"
        let toggle = "p: vs \(state.premiumBasis.toggled.displayName)"
        guard let rate = measuredRate else {
            return [basis, "USD/KRW " + (forex.failure.map { "unavailable: \($0)" } ?? "loading…"), toggle]
                .joined(separator: " · ")
        }
        var parts = [basis, "USD/KRW \(rate.rateText) \(rate.sourceText) \(KoreanTime.clock(rate.time)) KST"]
        if let tether = CoinComparison.usdtRate(on: compareSnapshots) {
            parts.append("테더 " + NumberFormat.changeRate(tether / rate.usdKRW - 1))
        }
        if forex.failure != nil { parts.append("stale: the last read failed") }
        parts.append(toggle)
        return parts.joined(separator: " · ")
    }

    /// Each exchange's feed, in the order of ``Exchange/allCases``.
    func feedStatuses() -> [FeedStatus] {
        Exchange.allCases.compactMap { exchange in
            // The other exchanges' feeds start when the Compare tab first shows.
            feedStates[exchange].map {
                FeedStatus(exchange: exchange.displayName, connection: $0, isStarted: feedsFollowing.contains(exchange))
            }
        }
    }

    private func compareRow(_ row: CoinComparison, isFavorite: Bool, isSelected: Bool) -> CompareRow {
        let prices = Exchange.korean.map { row.prices[$0] }
        let listed = prices.enumerated().compactMap { index, price in price.map { (index, $0) } }
        let highest = listed.max { $0.1 < $1.1 }
        let lowest = listed.min { $0.1 < $1.1 }
        let differ = (highest?.1 ?? 0) != (lowest?.1 ?? 0)
        return CompareRow(
            id: row.id, name: DisplayWidth.sanitized(row.market.name(in: language)), symbol: row.symbol,
            prices: prices.map { $0.map { NumberFormat.price($0, quote: "KRW") } ?? "—" },
            highestIndex: differ ? highest?.0 : nil, lowestIndex: differ ? lowest?.0 : nil,
            spread: NumberFormat.fixed(row.spreadRate * 100, decimals: 2) + "%",
            globalPrice: row.globalPrice.map { NumberFormat.price($0, quote: "USDT") } ?? "—",
            premium: state.premiumBasis.premium(of: row).map(NumberFormat.changeRate) ?? "—",
            premiumDirection: ChangeDirection(signedChange: state.premiumBasis.premium(of: row) ?? 0),
            isFavorite: isFavorite,
            isSelected: isSelected, wallet: wallets.flatMap { WalletStatus.marker($0.statuses(of: row.symbol)) })
    }
}

extension BoardViewModel {
    /// The other exchanges' feeds are followed from the first time the Compare tab shows (not
    /// from launch: a person who never opens it pays for one feed, not four). Loads and follows
    /// them once `opened` says so, retrying each on its own, until the task is cancelled.
    static func followOtherExchanges(when opened: AsyncStream<Void>, boards: ExchangeBoards) async {
        for await _ in opened {
            await boards.loadAndFollow()
            return
        }
    }

    /// Says once that the Compare tab is showing, so the other exchanges' feeds start.
    func noteCompareShown() {
        guard state.tab == .compare, let compareOpening else { return }
        compareOpening.yield()
        compareOpening.finish()
        self.compareOpening = nil
    }
}

/// What moved on the boards since the compare rows were last computed.
struct StaleComparisons {
    /// Every coin: a board was replaced, or the KRW-USDT rate moved.
    private(set) var all = true
    /// The coins whose KRW or USDT price moved.
    private(set) var symbols: Set<String> = []

    init(all: Bool = true) {
        self.all = all
    }

    /// Whether anything is left to compute.
    var isStale: Bool { all || !symbols.isEmpty }

    mutating func markAll() {
        all = true
        symbols = []
    }

    /// A market moved on an exchange: its coin is compared again (every coin when it is the
    /// KRW-USDT market of a Korean exchange, whose price converts every premium).
    mutating func moved(_ id: MarketID, on exchange: Exchange) {
        guard !all else { return }
        if id == CoinComparison.usdtMarket, exchange != .binance {
            markAll()
        } else if id.quote == (exchange == .binance ? "USDT" : "KRW") {
            symbols.insert(id.base)
        }
    }
}
