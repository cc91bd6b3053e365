import MarketDomain

/// The detail's premium chart and what the books would fill (issue 29).
extension DetailViewModel {
    /// Draws `chart`; the premium one only where there is a premium history.
    func choose(_ chart: DetailChart) {
        guard chart == .price || output.premium != nil else { return }
        output.chart = chart
        if chart == .premium { openPremium() }
    }

    /// Shows the premium history's bars of `interval` (and the premium chart, if it was not shown).
    func choosePremium(interval: PremiumInterval) {
        guard output.premium != nil else { return }
        output.premium?.interval = interval
        output.chart = .premium
        openPremium()
    }

    /// Reads the premium chart at once and asks for its live feeds (the next read says which
    /// it still waits for).
    private func openPremium() {
        readPremium()
        premiumWanted?.yield()
    }

    /// Reads the premium history again into the output (not published).
    func readPremium() {
        guard let source = premiumSource, var premium = output.premium else { return }
        let symbol = output.market.base
        do {
            premium.show(
                try source.read(symbol, interval: premium.interval, basis: premium.basis), symbol: symbol,
                waiting: premiumWaiting)
        } catch {
            premium.status = "Premium history unavailable: \(error)"
        }
        output.premium = premium
    }

    /// Reads the premium chart again every ``premiumRefresh`` while it shows, with what the
    /// books would fill, until cancelled.
    func followPremium() async {
        while true {
            if output.chart == .premium {
                await askForPremiumFeeds()
                readPremium()
                await measureFillable()
                publish()
            }
            do { try await clock.sleep(for: Self.premiumRefresh) } catch { return }
        }
    }

    /// Reads the premium again whenever the chart opens or the fill's amount changes, until
    /// cancelled.
    func followPremiumRequests(_ changes: AsyncStream<Void>) async {
        for await _ in changes {
            await askForPremiumFeeds()
            readPremium()
            await measureFillable()
            publish()
        }
    }

    /// Starts the premium's live feeds (once) and notes which are not answering yet.
    private func askForPremiumFeeds() async {
        guard let feeds = premiumSource?.feeds else { return }
        premiumWaiting = await feeds.awaiting()
    }

    /// What the Korean book and Binance's would fill for the amount (issue 29, point 5).
    func measureFillable() async {
        guard let binanceBook = premiumSource?.binanceBook, output.premium != nil else { return }
        let symbol = output.market.base
        guard let korean = depth.book else {
            output.premium?.fillable = "Fill: the order book has not loaded yet"
            return
        }
        guard let rate = await board.board.quote(CoinComparison.usdtMarket)?.ticker.price, rate > 0 else {
            output.premium?.fillable = "Fill: no KRW-USDT price on this exchange"
            return
        }
        do {
            let global = try await binanceBook(MarketID(quote: "USDT", base: symbol))
            guard let amount = output.premium?.fillAmount else { return }
            output.premium?.show(
                fillable: FillablePremium.of(amount: amount, korean: korean, binance: global, rate: rate))
        } catch {
            output.premium?.fillable = "Fill: Binance's book unavailable: \(error)"
        }
    }

}
