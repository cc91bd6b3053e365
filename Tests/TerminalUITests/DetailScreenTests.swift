import Foundation
import MarketDomain
import MarketFeatures
import TestSupport
import Testing

@testable import TerminalUI

/// The detail view with its order book and trade tape (SPEC §1.13), read from a screen buffer:
/// side by side when the window is wide, one pane under sub-tabs when it is not.
@Suite struct DetailScreenTests {
    private func detail(pane: DetailPane = .chart) -> DetailOutput {
        var output = DetailOutput(market: MarketFixtures.bitcoin.id)
        output.name = "비트코인"
        output.symbol = "BTC"
        output.price = "100,001,000"
        output.candles = (0..<40).map { index in
            let base = 100_000_000.0 + Double(index) * 10_000
            return Candle(
                day: TradingDay(year: 2026, month: 1, day: 1)!.adding(days: index), open: base, high: base + 30_000,
                low: base - 30_000, close: base + 10_000, volume: 1, value: 1)
        }
        var depth = DepthOutput()
        depth.asks = (0..<15).map { index in
            .init(
                price: NumberFormat.price(100_001_000 + Double(index) * 1_000), size: "1.0000", share: 0.5,
                flash: index == 0 ? .rise : nil)
        }
        depth.bids = (0..<15).map { index in
            .init(price: NumberFormat.price(100_000_000 - Double(index) * 1_000), size: "2.0000", share: 1, flash: nil)
        }
        depth.spread = "1,000 (0.001%)"
        depth.totalAskSize = "15.0000"
        depth.totalBidSize = "30.0000"
        depth.imbalance = "+33.3%"
        depth.trades = [
            .init(time: "23:40:58", side: .buy, price: "100,001,000", size: "0.5000"),
            .init(time: "23:40:57", side: .sell, price: "100,000,000", size: "0.2500"),
        ]
        depth.strength = "200.0%"
        output.depth = depth
        output.pane = pane
        return output
    }

    private func status() -> BoardOutput {
        var board = BoardOutput()
        board.status.exchange = "Upbit"
        board.status.connection = .live
        return board
    }

    @Test func aWideWindowShowsTheChartTheBookAndTheTapeSideBySide() throws {
        var screen = ScreenBuffer(width: 150, height: 40)
        DetailScreen(theme: Theme()).draw(detail(), status: status(), into: &screen)
        let lines = screen.lines
        let text = lines.joined(separator: "\n")
        #expect(text.contains("Daily candles"))
        #expect(text.contains("호가 Order book") && text.contains("체결 Trades  체결강도 200.0%"))
        // Fifteen asks above the spread, the highest on top and the best just over it; bids below.
        let spreadRow = try #require(lines.firstIndex { $0.contains("spread 1,000 (0.001%)") })
        #expect(lines[spreadRow - 1].contains("100,001,000"))
        #expect(lines[spreadRow - 15].contains("100,015,000"))
        #expect(lines[spreadRow + 1].contains("100,000,000"))
        #expect(lines[spreadRow + 15].contains("99,986,000"))
        #expect(lines[spreadRow + 16].contains("ask 15.0000  bid 30.0000  +33.3%"))
        #expect(text.contains("23:40:58    100,001,000       0.5000"))
        // Asks in the fall colour, bids in the rise colour, the changed size flashing.
        let askX = try #require(lines[spreadRow - 1].range(of: "100,001,000")).lowerBound.utf16Offset(
            in: lines[spreadRow - 1])
        #expect(screen[askX, spreadRow - 1].style.foreground == Theme().color(.fall))
        let bidX = try #require(lines[spreadRow + 1].range(of: "100,000,000")).lowerBound.utf16Offset(
            in: lines[spreadRow + 1])
        #expect(screen[bidX, spreadRow + 1].style.foreground == Theme().color(.rise))
        let sizeX = try #require(lines[spreadRow - 1].range(of: "1.0000")).lowerBound.utf16Offset(
            in: lines[spreadRow - 1])
        // Quietly (issue 65): bold and underlined in the direction's colour, no background.
        #expect(screen[sizeX, spreadRow - 1].style == Theme().levelFlash(.rise))
        #expect(screen[sizeX, spreadRow - 1].style.background == nil)
        #expect(!text.contains("Tab pane"))
    }

    @Test func aNarrowWindowShowsOnePaneUnderSubTabs() {
        var screen = ScreenBuffer(width: 90, height: 40)
        DetailScreen(theme: Theme()).draw(detail(pane: .orderBook), status: status(), into: &screen)
        var text = screen.lines.joined(separator: "\n")
        #expect(text.contains("Chart   Order book 호가   Trades 체결"))
        #expect(text.contains("spread 1,000 (0.001%)") && !text.contains("Daily candles"))
        #expect(text.contains("Tab pane"))
        screen = ScreenBuffer(width: 90, height: 40)
        DetailScreen(theme: Theme()).draw(detail(pane: .trades), status: status(), into: &screen)
        text = screen.lines.joined(separator: "\n")
        #expect(text.contains("체결강도 200.0%") && !text.contains("spread"))
        screen = ScreenBuffer(width: 90, height: 40)
        DetailScreen(theme: Theme()).draw(detail(pane: .chart), status: status(), into: &screen)
        text = screen.lines.joined(separator: "\n")
        #expect(text.contains("Daily candles") && !text.contains("체결강도"))
    }

    @Test func shiftArrowsAreReadAsTheirOwnKeys() {
        var parser = KeyParser()
        #expect(
            parser.keys(from: Array("\u{1B}[1;2C\u{1B}[1;2D\u{1B}[C".utf8)) == [Key.shiftRight, .shiftLeft, .right])
    }

    @Test func theMarketTabShowsItsGroupsWithTheChosenOneHighlighted() {
        var board = BoardOutput()
        board.quoteGroups = ["KRW", "BTC", "USDT"]
        board.quoteGroup = "BTC"
        var screen = ScreenBuffer(width: 120, height: 30)
        BoardScreen(theme: Theme(), language: .korean).draw(board, into: &screen)
        let top = screen.line(0)
        #expect(top.contains(" KRW · BTC · USDT "))
        // Columns, not characters: 시세 takes two columns a letter.
        let x = DisplayWidth.of(String(top[..<top.range(of: "BTC ·")!.lowerBound]))
        #expect(screen[x, 0].style == Theme.activeTab)
        #expect(top.contains("[ ] group"))
    }

    @Test func theChartDrawsCandlesInHalfCellsTheStudiesInBrailleAndNamesItsIntervalAndStudies() throws {
        var output = detail()
        output.interval = .fiveMinutes
        output.intervals = CandleInterval.chartChoices(on: .upbit)
        // 5-minute candles from 15:00 KST, rising then falling.
        output.intervalCandles = (0..<80).map { index in
            let base = 100_000_000.0 + Double(index < 50 ? index : 100 - index) * 20_000
            return IntervalCandle(
                start: 1_795_672_800_000 + Int64(index) * 300_000, open: base, high: base + 30_000, low: base - 30_000,
                close: base + 10_000, volume: Double(index % 5 + 1), value: 1)
        }
        output.studies.bands = true
        output.studies.oscillator = .rsi
        var screen = ScreenBuffer(width: 120, height: 40)
        DetailScreen(theme: Theme()).draw(output, status: status(), into: &screen)
        let lines = screen.lines
        let title = try #require(lines.first { $0.contains("5m candles") })
        #expect(title.contains("1s 1m 3m 5m 15m 30m 1h 4h 1D 1W 1M") && title.contains("MA BB RSI MACD"))
        #expect(lines.contains { $0.contains("MA20 ") && $0.contains("MA60 ") && $0.contains("BB+ ") })
        let text = lines.joined(separator: "\n")
        // Bodies and wicks in half cells, lines in braille, volume in eighths.
        #expect(
            text.contains("┃") && (text.contains("╻") || text.contains("╹") || text.contains("╿") || text.contains("╽"))
        )
        #expect(text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        #expect(text.contains { "▁▂▃▄▅▆▇".contains($0) })
        #expect(text.contains("RSI(14) ") && text.contains("┤ 70") && text.contains("┤ 30"))
        #expect(lines.contains { $0.contains("╵15:00") && $0.contains("╵16:00") })
        #expect(lines.last?.contains("1-0 m b r < > chart") == true)
    }

    @Test func eachHalfOfACellHoldsAWickABodyOrNothing() {
        #expect(PriceChart.glyph(top: .body, bottom: .body) == "┃")
        #expect(PriceChart.glyph(top: .none, bottom: .body) == "╻")
        #expect(PriceChart.glyph(top: .wick, bottom: .body) == "╽")
        #expect(PriceChart.glyph(top: .body, bottom: .wick) == "╿")
        #expect(PriceChart.glyph(top: .wick, bottom: .none) == "╵")
        #expect(PriceChart.glyph(top: .none, bottom: .none) == " ")
    }

    @Test func theBookShowsItsRunningTotalsWhereThereIsRoomAndItsGroupingUnit() throws {
        var output = detail(pane: .orderBook)
        var depth = try #require(output.depth)
        depth.asks = depth.asks.enumerated().map { index, level in
            var level = level
            level.total = NumberFormat.fixed(Double(index + 1), decimals: 4)
            return level
        }
        depth.grouping = "10,000"
        output.depth = depth
        var screen = ScreenBuffer(width: 120, height: 40)
        DetailScreen(theme: Theme()).draw(output, status: status(), into: &screen)
        let lines = screen.lines
        #expect(lines.contains { $0.contains("호가 Order book · 모아보기 10,000") })
        // The best ask's running total is its own size; the fifteenth's, fifteen levels' worth.
        let spreadRow = try #require(lines.firstIndex { $0.contains("spread 1,000 (0.001%)") })
        #expect(lines[spreadRow - 1].hasSuffix("1.0000") || lines[spreadRow - 1].contains(" 1.0000"))
        #expect(lines[spreadRow - 15].contains("15.0000"))
        #expect(lines.last?.contains("g 모아보기") == true)
    }

    @Test func aMACDHistogramOfTinyBarsAfterASpikeDrawsNoBlocksAtTheZeroLine() throws {
        var output = detail()
        output.interval = .fiveMinutes
        output.intervals = CandleInterval.chartChoices(on: .upbit)
        // Flat for 150 candles, a jump, then flat again: MACD's scale is the spike's, and the
        // flat stretch's histogram is about zero.
        output.intervalCandles = (0..<200).map { index in
            let base = index < 150 ? 100_000_000.0 : 110_000_000
            return IntervalCandle(
                start: 1_795_672_800_000 + Int64(index) * 300_000, open: base, high: base + 1_000, low: base - 1_000,
                close: base, volume: 1, value: 1)
        }
        output.studies.oscillator = .macd
        output.window.count = 200
        var screen = ScreenBuffer(width: 120, height: 40)
        DetailScreen(theme: Theme()).draw(output, status: status(), into: &screen)
        let lines = screen.lines
        let title = try #require(lines.firstIndex { $0.contains("MACD(12,26,9)") })
        // The flat candles before the spike have no histogram: no block on any row of the pane
        // in their columns (the left half of the chart).
        let pane = lines[(title + 1)...].prefix(6)
        let blocks = pane.map { line in line.prefix(40).filter { "█▀▄".contains($0) }.count }
        #expect(blocks.allSatisfy { $0 == 0 }, "\(Array(pane))")
    }
}
