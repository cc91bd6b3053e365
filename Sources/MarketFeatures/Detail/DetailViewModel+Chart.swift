import MarketDomain

/// The detail's price chart of any interval (issue 30): fetched once, moved on by the trades.
extension DetailViewModel {
    /// How a first page's fetch ended.
    enum FirstPage {
        /// A whole page came: older candles may follow.
        case whole
        /// Fewer came: there is nothing older.
        case all
        /// It failed: asked again after ``candleRetry`` while the interval shows.
        case failed
    }

    /// The chart as last used, drawn into a new detail's first output: its studies and zoom, and
    /// its interval where this exchange has it.
    static func recall(into first: inout DetailOutput, from store: PreferenceStore) -> ChartMemory? {
        guard let remembered = ChartMemory.load(from: store) else { return nil }
        first.studies = remembered.studies
        first.window.count = remembered.count
        if first.intervals.contains(remembered.interval), remembered.interval != .day {
            first.interval = remembered.interval
            first.candleStatus = "Loading \(remembered.interval.chartName) candles…"
        }
        return remembered
    }

    /// Keeps the chart's interval, studies and zoom in the store when they changed (issue 65):
    /// the next coin opened shows the same chart.
    func rememberChart() {
        let now = ChartMemory(interval: output.interval, studies: output.studies, count: output.window.count)
        guard now != chartRemembered else { return }
        chartRemembered = now
        now.save(to: loader.store)
    }

    /// Draws the candles of `interval` (the price chart), at once from what was fetched before;
    /// otherwise the loader fetches them. An interval the exchange does not serve (not among
    /// ``DetailOutput/intervals``, which both faces show) changes nothing.
    func choose(interval: CandleInterval) {
        guard output.intervals.contains(interval) else { return }
        output.chart = .price
        guard interval != output.interval else { return }
        output.interval = interval
        output.window.offset = 0
        if interval == .day {
            output.intervalCandles = []
            output.candleStatus = candles.isEmpty ? "Loading daily candles…" : nil
        } else if let kept = series[interval] {
            output.intervalCandles = kept.candles
            output.candleStatus = kept.candles.isEmpty ? "No \(interval.chartName) candles" : nil
        } else {
            output.intervalCandles = []
            output.candleStatus = "Loading \(interval.chartName) candles…"
            intervalWanted?.yield(interval)
        }
    }

    /// Fetches each interval asked for once, until cancelled: one page (``firstPaintCount``)
    /// first, drawn as it comes, then the older candles up to ``intervalCandleCount`` beside the
    /// next interval's page; the trades move it on from the first page. A page that could not be
    /// had (the connection dropped) is asked for again while its interval shows.
    func loadIntervals(_ wanted: AsyncStream<CandleInterval>) async {
        guard let source = candleSource else { return }
        await withDiscardingTaskGroup { group in
            for await interval in wanted where series[interval] == nil {
                switch await loadFirstPage(interval, from: source) {
                case .whole: group.addTask { await self.loadOlder(interval, from: source) }
                case .all: break
                case .failed: group.addTask { await self.askAgain(for: interval) }
                }
            }
        }
    }

    /// Asks for `interval` again after ``candleRetry`` if it still shows without candles.
    private func askAgain(for interval: CandleInterval) async {
        do { try await clock.sleep(for: Self.candleRetry) } catch { return }
        guard output.interval == interval, series[interval] == nil else { return }
        intervalWanted?.yield(interval)
    }

    /// The newest page of `interval` into its series and, if it shows, the output (published).
    private func loadFirstPage(_ interval: CandleInterval, from source: CandleSource) async -> FirstPage {
        let since = output.lastTimestamp ?? 0
        defer { publish() }
        do {
            let fetched = try await source(output.market, interval, Self.firstPaintCount)
            series[interval] = LiveCandles(interval: interval, candles: fetched, since: since)
            if output.interval == interval {
                output.intervalCandles = fetched
                output.candleStatus = fetched.isEmpty ? "No \(interval.chartName) candles" : nil
            }
            return fetched.count >= Self.firstPaintCount ? .whole : .all
        } catch is CancellationError {
            return .all
        } catch {
            if output.interval == interval {
                output.candleStatus =
                    "\(interval.chartName) candles unavailable: \(error) (trying again in \(Self.candleRetry.components.seconds) s)"
            }
            return .failed
        }
    }

    /// The candles of `interval` older than its first page, up to ``intervalCandleCount`` in all,
    /// put before it (those the trades moved since stay as they are). If they cannot be had, the
    /// chart keeps its page: it is drawn whole, only not as far back.
    private func loadOlder(_ interval: CandleInterval, from source: CandleSource) async {
        guard let fetched = try? await source(output.market, interval, Self.intervalCandleCount),
            series[interval]?.prepend(fetched) == true, output.interval == interval, let kept = series[interval]
        else { return }
        output.intervalCandles = kept.candles
        publish()
    }

    /// Moves every fetched interval's candles on with `trades`; the shown one into the output.
    func take(_ trades: [Trade]) {
        guard !series.isEmpty, !trades.isEmpty else { return }
        for interval in Array(series.keys) {
            let changed = series[interval]?.take(trades) ?? false
            if changed, interval == output.interval, let kept = series[interval] {
                output.intervalCandles = kept.candles
            }
        }
    }
}
