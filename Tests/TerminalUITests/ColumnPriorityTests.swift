import Foundation
import MarketDomain
import MarketFeatures
import TerminalUI
import TestSupport
import Testing

/// Columns give way by the priority the output declares (issue 65): at 80×24 the sorted column
/// keeps its arrow and names keep six syllables; Compare keeps its premium however narrow; and a
/// selected row is a band, not a flash that never ends.
@Suite struct ColumnPriorityTests {
    private func board(sortedBy key: SortKey, tab: BoardTab = .market) -> BoardOutput {
        var output = BoardOutput()
        output.tab = tab
        output.order = QuoteOrder(key: key, direction: .descending)
        output.columnsGivingWay = BoardColumn.givingWay(on: tab, sortedBy: key)
        output.rows = [
            BoardRow(
                id: MarketFixtures.bitcoin.id, name: "비트코인캐시에이비씨", symbol: "BCH", price: "140,000,000",
                changeRate: "+1.01%", changePrice: "+1,400,000", tradeValue: "12,345백만", direction: .rise,
                flash: nil, isFavorite: false, isSelected: true, move1m: "+0.10%", move5m: "-0.20%", move15m: "+0.30%",
                badges: [])
        ]
        output.rowCount = 1
        return output
    }

    @Test func theOrderPutsTheSortedColumnAndTheNameLastAndTheChangeFirst() {
        let market = BoardColumn.givingWay(on: .market, sortedBy: .move5m)
        #expect(market.first == .change)
        #expect(market.suffix(2) == [.d5m, .name])
        let byName = BoardColumn.givingWay(on: .market, sortedBy: .name)
        #expect(byName.last == .name && byName.filter { $0 == .name }.count == 1)
        let compare = BoardColumn.givingWay(on: .compare, sortedBy: .value)
        #expect(compare.first == .global && compare.suffix(2) == [.spread, .name])
        #expect(BoardColumn.givingWay(on: .compare, sortedBy: .name).suffix(2) == [.premium, .name])
    }

    @Test func at80ColumnsTheSortedMoveStaysWithItsArrowAndTheNameKeepsSixSyllables() {
        for key in SortKey.allCases {
            var screen = ScreenBuffer(width: 80, height: 24)
            BoardScreen(theme: Theme(), language: .korean).draw(board(sortedBy: key), into: &screen)
            let header = screen.lines[2]
            let marker: [SortKey: String] = [
                .name: "이름▼", .price: "현재가▼", .change: "등락률▼", .value: "거래대금▼", .move1m: "Δ1m▼", .move5m: "Δ5m▼",
                .move15m: "Δ15m▼",
            ]
            #expect(header.contains(marker[key]!), "\(key): \(header)")
            #expect(screen.lines[3].contains("비트코인캐시"), "\(key): \(screen.lines[3])")
            #expect(!header.contains("변동"), "\(key): the change in won gives way first")
        }
        // 160 columns show every column and give the name more room.
        var wide = ScreenBuffer(width: 160, height: 24)
        BoardScreen(theme: Theme(), language: .korean).draw(board(sortedBy: .value), into: &wide)
        for title in ["심볼", "현재가", "등락률", "변동", "거래대금", "Δ1m", "Δ5m", "Δ15m"] {
            #expect(wide.lines[2].contains(title), "\(title)")
        }
        #expect(wide.lines[3].contains("비트코인캐시에이비씨"))
    }

    @Test func compareKeepsThePremiumOnTheNarrowestTerminal() {
        var output = board(sortedBy: .change, tab: .compare)
        output.compareRows = [
            CompareRow(
                id: MarketFixtures.bitcoin.id, name: "비트코인", symbol: "BTC",
                prices: ["140,000,000", "140,300,000", "139,900,000"], highestIndex: 1, lowestIndex: 2,
                spread: "0.29%", globalPrice: "94,849.15", premium: "+3.05%", premiumDirection: .rise,
                isFavorite: false, isSelected: false)
        ]
        var screen = ScreenBuffer(width: BoardScreen.minimumWidth, height: 12)
        BoardScreen(theme: Theme(), language: .korean).draw(output, into: &screen)
        #expect(screen.lines[2].contains("김프▼"), "\(screen.lines[2])")
        #expect(screen.lines[3].contains("+3.05%") && screen.lines[3].contains("140,000,000"))
        #expect(!screen.lines[2].contains("코빗") && !screen.lines[2].contains("바이낸스"))
    }

    @Test func aSelectedRowIsABandUnderItsColoursAndAFlashOnItStillShows() {
        var output = board(sortedBy: .value)
        var screen = ScreenBuffer(width: 120, height: 12)
        BoardScreen(theme: Theme(), language: .korean).draw(output, into: &screen)
        let line = screen.lines[3]
        let price = DisplayWidth.of(String(line[..<line.range(of: "140,000,000")!.lowerBound]))
        #expect(screen[price, 3].style.background == Theme.selected.background)
        #expect(screen[price, 3].style.foreground == .red && !screen[price, 3].style.reverse)
        output.rows[0].flash = .fall
        BoardScreen(theme: Theme(), language: .korean).draw(output, into: &screen)
        #expect(screen[price, 3].style == Theme().flash(.fall))
    }
}
