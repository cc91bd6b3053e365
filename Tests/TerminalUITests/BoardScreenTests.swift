import MarketDomain
import MarketFeatures
import TerminalUI
import TestSupport
import Testing

@Suite struct BoardScreenTests {
    private func row(
        _ market: Market, price: String, rate: String, direction: ChangeDirection, selected: Bool = false,
        favorite: Bool = false
    ) -> BoardRow {
        BoardRow(
            id: market.id, name: market.koreanName, symbol: market.symbol, price: price, changeRate: rate,
            changePrice: "+1", tradeValue: "1,000백만", direction: direction, flash: nil, isFavorite: favorite,
            isSelected: selected)
    }

    private func output() -> BoardOutput {
        var output = BoardOutput()
        output.rows = [
            row(
                MarketFixtures.bitcoin, price: "140,000,000", rate: "+1.01%", direction: .rise, selected: true,
                favorite: true),
            row(MarketFixtures.ethereum, price: "5,000,000", rate: "-0.50%", direction: .fall),
        ]
        (output.rows[0].move5m, output.rows[0].move15m) = ("+2.50%", "+1.20%")
        output.rowCount = 2
        output.selectedRowIndex = 0
        output.status.exchange = "Upbit"
        output.status.connection = .reconnecting(attempt: 1, delay: .seconds(2))
        output.status.ticksPerSecond = 97
        return output
    }

    @Test func drawsTabsHeaderRowsAndStatusWithKoreanNamesAligned() {
        var screen = ScreenBuffer(width: 100, height: 12)
        BoardScreen(theme: Theme(), language: .korean).draw(output(), into: &screen)
        let lines = screen.lines
        #expect(lines[0].contains("Market · Favorites · Compare · Watchlist · Alerts"))
        #expect(lines[2].contains("4 거래대금▼") && lines[2].contains("5 Δ1m") && lines[2].hasSuffix("7 Δ15m"))
        #expect(lines[3].hasPrefix("★ 비트코인") && lines[3].hasSuffix("+2.50%   +1.20%"))
        #expect(lines[4].hasPrefix("  이더리움"))
        // A badge sits at the end of the name's cell, in its own colour.
        var badged = output()
        badged.rows[1].badges = [.caution, .new]
        var withBadges = ScreenBuffer(width: 120, height: 12)
        BoardScreen(theme: Theme(), language: .korean).draw(badged, into: &withBadges)
        #expect(withBadges.lines[4].contains("이더리움") && withBadges.lines[4].contains("주의 NEW ETH"))
        let badgeX = DisplayWidth.of(String(withBadges.lines[4].prefix { $0 != "주" }))
        #expect(withBadges[badgeX, 4].style.foreground == .yellow)
        // Narrower, the change in won gives way first, then the moves nobody sorts by, in the
        // order the output declares (at 99 columns only the change went; at 80 the moves but Δ5m).
        var narrow = ScreenBuffer(width: 99, height: 12)
        BoardScreen(theme: Theme(), language: .korean).draw(output(), into: &narrow)
        #expect(narrow.lines[2].contains("4 거래대금▼") && !narrow.lines[2].contains("변동"))
        #expect(narrow.lines[2].contains("Δ1m") && narrow.lines[3].contains("+1.20%"))
        var eighty = ScreenBuffer(width: 80, height: 12)
        BoardScreen(theme: Theme(), language: .korean).draw(output(), into: &eighty)
        #expect(!eighty.lines[2].contains("Δ1m") && eighty.lines[2].contains("Δ5m"))
        // The price column ends at the same display column on both rows.
        let end3 = DisplayWidth.of(String(lines[3].prefix { $0 != "+" && $0 != "-" }))
        let end4 = DisplayWidth.of(String(lines[4].prefix { $0 != "+" && $0 != "-" }))
        #expect(end3 == end4)
        #expect(lines[11].contains("Upbit │ SIMULATED │ ◐ reconnecting in 2s │ 97 ticks/s"))
        #expect(lines[11].contains("q quit"))
    }

    @Test func theMoversViewDrawsRisersAndFallersSideBySideOrOneAboveTheOther() {
        var movers = output()
        movers.movers = MoversPanel(
            window: "1m",
            risers: [
                MoversPanel.Row(
                    id: MarketFixtures.ripple.id, name: "엑스알피", symbol: "XRP", change: "+5.80%", price: "3,797",
                    direction: .rise)
            ],
            fallers: [
                MoversPanel.Row(
                    id: MarketFixtures.ethereum.id, name: "이더리움", symbol: "ETH", change: "-0.52%",
                    price: "5,000,000", direction: .fall)
            ])
        var wide = ScreenBuffer(width: 100, height: 12)
        BoardScreen(theme: Theme(), language: .korean).draw(movers, into: &wide)
        #expect(wide.lines[2].hasPrefix(" Movers over 1m ") && wide.lines[2].contains("m back to the rows"))
        #expect(wide.lines[3].hasPrefix(" ▲ Risers") && wide.lines[3].contains("▼ Fallers"))
        #expect(wide.lines[4].hasPrefix("  1 엑스알피") && wide.lines[4].contains("+5.80%"))
        #expect(wide.lines[4].contains("  1 이더리움") && wide.lines[4].hasSuffix("5,000,000"))
        // Neither table nor the board's placeholder shows beneath.
        #expect(!wide.lines.contains { $0.contains("비트코인") })
        let rise = DisplayWidth.of(String(wide.lines[4].prefix { $0 != "+" }))
        #expect(wide[rise, 4].style.foreground == Theme().style(.rise).foreground)
        var narrow = ScreenBuffer(width: 60, height: 12)
        BoardScreen(theme: Theme(), language: .korean).draw(movers, into: &narrow)
        let risers = narrow.lines.firstIndex { $0.hasPrefix(" ▲ Risers") } ?? -1
        let fallers = narrow.lines.firstIndex { $0.hasPrefix(" ▼ Fallers") } ?? -1
        #expect(risers == 3 && fallers > risers + 1)
        #expect(narrow.lines[fallers + 1].contains("이더리움"))
    }

    @Test func colorsFollowTheKoreanConventionOrTheGlobalOne() {
        var korean = ScreenBuffer(width: 100, height: 12)
        BoardScreen(theme: Theme(convention: .korean), language: .korean).draw(output(), into: &korean)
        var global = ScreenBuffer(width: 100, height: 12)
        BoardScreen(theme: Theme(convention: .global), language: .korean).draw(output(), into: &global)
        let rateColumn = DisplayWidth.of(String(korean.lines[4].prefix { $0 != "-" }))
        #expect(korean[rateColumn, 4].style.foreground == .blue)
        #expect(global[rateColumn, 4].style.foreground == .red)
    }

    @Test func toastsQuestionsAndHelpDrawOverTheBoard() {
        var withToast = output()
        withToast.toast = "★ Added 비트코인 (BTC)"
        var screen = ScreenBuffer(width: 100, height: 12)
        BoardScreen(theme: Theme(), language: .korean).draw(withToast, into: &screen)
        #expect(screen.lines[9].contains("★ Added 비트코인 (BTC)"))

        var asking = output()
        asking.confirmation = "Clear all 2 favorites? (y/n)"
        screen = ScreenBuffer(width: 100, height: 12)
        BoardScreen(theme: Theme(), language: .korean).draw(asking, into: &screen)
        #expect(screen.lines.contains { $0.contains("Clear all 2 favorites? (y/n)") })

        var help = output()
        help.isHelpVisible = true
        screen = ScreenBuffer(width: 100, height: 14)
        BoardScreen(theme: Theme(), language: .korean).draw(help, into: &screen)
        #expect(screen.lines.contains { $0.contains("favorite") && $0.contains("X clears them all") })
    }

    @Test func aTerminalTooSmallGetsAClearMessage() {
        var screen = ScreenBuffer(width: 40, height: 8)
        BoardScreen(theme: Theme(), language: .korean).draw(output(), into: &screen)
        #expect(screen.lines.contains { $0.contains("Terminal too small") })
        #expect(screen.lines.contains { $0.contains("need 60×10, have 40×8") })
    }

    @Test func theCandleChartHasAPriceAxisAndDates() {
        let start = TradingDay(year: 2026, month: 1, day: 1)!
        let candles = (0..<40).map { index in
            let base = 100.0 + Double(index)
            return Candle(
                day: start.adding(days: index), open: base, high: base + 3, low: base - 3, close: base + 1, volume: 1,
                value: 1)
        }
        var screen = ScreenBuffer(width: 70, height: 12)
        CandleChart(theme: Theme()).draw(candles, quote: "KRW", into: &screen, x: 0, y: 0, width: 70, height: 12)
        let text = screen.lines.joined(separator: "\n")
        #expect(text.contains("┤ 142.0"))
        #expect(text.contains("┤ 97.00"))
        #expect(text.contains("01-01"))
        #expect(text.contains("█"))
    }

    @Test func redrawingOnlyTheChangesGivesTheScreenAFullDrawGives() {
        let screen = BoardScreen(theme: Theme(), language: .korean)
        let before = output()
        var after = before
        after.rows[1].price = "5,010,000"
        after.rows[1].direction = .rise
        after.status.ticksPerSecond = 103
        var drawn = ScreenBuffer(width: 100, height: 12)
        screen.draw(before, into: &drawn)
        var full = ScreenBuffer(width: 100, height: 12)
        screen.draw(after, into: &full)

        var changed = drawn
        // Row 1 sits under the three lines above the table; the status bar is the last line.
        #expect(screen.drawChanges(from: before, to: after, into: &changed) == [4, 11])
        #expect(changed == full)
        #expect(
            FrameWriter().output(from: drawn, to: changed, lines: [4, 11])
                == FrameWriter().output(from: drawn, to: full))

        // Anything but rows and the status bar asks for a full draw, leaving the screen as it was.
        var sorted = after
        sorted.order = QuoteOrder(key: .price, direction: .ascending)
        var untouched = drawn
        #expect(screen.drawChanges(from: before, to: sorted, into: &untouched) == nil)
        #expect(untouched == drawn)
        var toasted = after
        toasted.toast = "★ added"
        #expect(screen.drawChanges(from: before, to: toasted, into: &untouched) == nil)
    }

    /// The app's two buffers: each frame draws its changed rows into the spare one (equal to the
    /// screen shown), which becomes the screen; the screen before takes those lines and becomes
    /// the spare. Every frame is what a full draw gives, and so is the spare.
    @Test func twoBuffersTakingTurnsGiveEveryFrameAFullDrawGives() {
        let screen = BoardScreen(theme: Theme(), language: .korean)
        var output = output()
        var shown = ScreenBuffer(width: 100, height: 12)
        screen.draw(output, into: &shown)
        var spare = shown
        for frame in 1...30 {
            var next = output
            let row = frame % next.rows.count
            next.rows[row].price = "\(5_000_000 + frame * 1_000)"
            next.rows[row].direction = frame.isMultiple(of: 2) ? .rise : .fall
            next.status.ticksPerSecond = frame
            var buffer = spare
            guard let redrawn = screen.drawChanges(from: output, to: next, into: &buffer) else {
                Issue.record("frame \(frame) asked for a full draw")
                return
            }
            var full = ScreenBuffer(width: 100, height: 12)
            screen.draw(next, into: &full)
            #expect(buffer == full)
            shown.copyLines(redrawn, from: buffer)
            #expect(shown == full)
            (spare, shown, output) = (shown, buffer, next)
        }
    }
}
