import Foundation
import MarketDomain
import MarketFeatures
import TerminalUI
import TestSupport
import Testing

@Suite struct CompareScreenTests {
    private func output() -> BoardOutput {
        var output = BoardOutput()
        output.tab = .compare
        output.order = QuoteOrder(key: .change)
        output.compareRows = [
            CompareRow(
                id: MarketFixtures.bitcoin.id, name: "비트코인", symbol: "BTC",
                prices: ["140,000,000", "140,300,000", "139,900,000"], highestIndex: 1, lowestIndex: 2,
                spread: "0.29%", globalPrice: "94,849.15", premium: "+3.05%", premiumDirection: .rise,
                isFavorite: false, isSelected: true),
            CompareRow(
                id: MarketFixtures.ripple.id, name: "엑스알피", symbol: "XRP", prices: ["3,564", "3,564", "—"],
                highestIndex: nil, lowestIndex: nil, spread: "0.00%", globalPrice: "—", premium: "—",
                premiumDirection: .even, isFavorite: true, isSelected: false),
        ]
        output.rowCount = 2
        output.selectedRowIndex = 0
        output.status.feeds = [
            FeedStatus(exchange: "Upbit", connection: .live), FeedStatus(exchange: "Bithumb", connection: .live),
            FeedStatus(exchange: "Korbit", connection: .reconnecting(attempt: 1, delay: .seconds(2))),
            FeedStatus(exchange: "Binance", connection: .live),
        ]
        return output
    }

    @Test func drawsEveryExchangesPriceTheSpreadAndThePremiumAligned() {
        var screen = ScreenBuffer(width: 120, height: 12)
        BoardScreen(theme: Theme(), language: .korean).draw(output(), into: &screen)
        let lines = screen.lines
        #expect(lines[2].contains("2 업비트"))
        #expect(lines[2].contains("빗썸"))
        #expect(lines[2].contains("코빗"))
        #expect(lines[2].contains("4 차이"))
        #expect(lines[2].contains("바이낸스 $"))
        #expect(lines[2].contains("3 김프▼"))
        #expect(lines[3].hasPrefix("  비트코인"))
        #expect(lines[3].contains("140,300,000"))
        #expect(lines[3].hasSuffix("+3.05%"))
        #expect(lines[4].hasPrefix("★ 엑스알피"))
        // The Upbit price column ends at the same display column on both rows.
        let end3 = DisplayWidth.of(String(lines[3].prefix { $0 != "," })) + 8
        let end4 = DisplayWidth.of(String(lines[4].prefix { $0 != "," })) + 4
        #expect(end3 == end4)
        #expect(lines[11].contains("SIMULATED │ Upbit ● live │ Bithumb ● live │ Korbit ◐ reconnecting in 2s"))
        #expect(lines[11].contains("Binance ● live"))
    }

    @Test func theHighestPriceTakesTheRiseColourAndTheLowestTheFall() {
        var screen = ScreenBuffer(width: 120, height: 12)
        BoardScreen(theme: Theme(), language: .korean).draw(output(), into: &screen)
        let line = screen.lines[3]
        let highest = DisplayWidth.of(String(line[..<line.range(of: "140,300,000")!.lowerBound]))
        let lowest = DisplayWidth.of(String(line[..<line.range(of: "139,900,000")!.lowerBound]))
        #expect(screen[highest, 3].style.foreground == .red)
        #expect(screen[lowest, 3].style.foreground == .blue)
    }

    @Test func aNarrowTerminalLeavesOutTheBinancePrice() {
        var screen = ScreenBuffer(width: 80, height: 12)
        BoardScreen(theme: Theme(), language: .korean).draw(output(), into: &screen)
        #expect(!screen.lines[2].contains("바이낸스 $"))
        #expect(screen.lines[3].contains("+3.05%"))
        #expect(!screen.lines[3].contains("94,849.15"))
    }
}
