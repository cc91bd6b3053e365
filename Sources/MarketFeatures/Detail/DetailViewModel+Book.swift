import MarketDomain

/// The detail's book grouped by a unit (호가 모아보기, issue 30).
extension DetailViewModel {
    /// The book grouped by the next unit (호가 모아보기: ten, a hundred, … ticks of the price,
    /// ``OrderBook/groupingUnits``), or not grouped, stopping at either end; only once the book shows,
    /// and only with a source of grouped books.
    func stepGrouping(by steps: Int) {
        guard groupedBookSource != nil, output.depth != nil, let units = depth.book?.groupingUnits, !units.isEmpty
        else { return }
        // Index 0 is the book as it is; 1… the units.
        let current = groupingUnit.flatMap { units.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        // Stepping stops at either end (G on the book as it is leaves it so; g past the widest
        // unit keeps the widest): it never wraps from one end to the other.
        let next = max(0, min(units.count, current.addingReportingOverflow(steps).partialValue))
        guard next != current else { return }
        groupingUnit = next == 0 ? nil : units[next - 1]
        groupedBook = nil
        groupingGeneration += 1
        showDepth(previous: nil, flashing: false)
        if groupingUnit != nil { groupingWanted?.yield(groupingGeneration) }
    }

    /// Keeps the grouped book fresh, until cancelled: asked for at once when its unit changes (each
    /// change a new generation), then every ``groupedBookRefresh`` while that unit stays; nothing
    /// wakes while the book is not grouped.
    func followGrouping(_ changes: AsyncStream<Int>) async {
        await withDiscardingTaskGroup { group in
            for await generation in changes {
                group.addTask { await self.keepGroupedBookFresh(generation) }
            }
        }
    }

    /// Fetches the grouped book of `generation`'s unit every ``groupedBookRefresh`` until the unit
    /// changes or the book is no longer grouped.
    private func keepGroupedBookFresh(_ generation: Int) async {
        while generation == groupingGeneration, groupingUnit != nil {
            await fetchGroupedBook()
            do { try await clock.sleep(for: Self.groupedBookRefresh) } catch { return }
        }
    }

    /// The grouped book of the unit of now, into the output (published).
    private func fetchGroupedBook() async {
        guard let unit = groupingUnit, let source = groupedBookSource else { return }
        let market = output.market
        do {
            let book = try await source(market, unit)
            guard groupingUnit == unit else { return }
            groupedBook = book
            showDepth(previous: nil, flashing: false)
        } catch is CancellationError {
            return
        } catch {
            guard groupingUnit == unit else { return }
            output.depth?.status = "모아보기 unavailable: \(error)"
        }
        publish()
    }

    /// The depth as it shows: the feed's book, or the grouped one once it came (its unit named
    /// only then, so a unit never labels a book not grouped by it).
    func showDepth(previous: OrderBook?, flashing: Bool) {
        let grouped = groupingUnit == nil ? nil : groupedBook
        output.depth = DepthOutput(
            depth, previous: previous, flashing: flashing && groupingUnit == nil, grouped: grouped,
            grouping: grouped == nil ? nil : groupingUnit)
    }
}
