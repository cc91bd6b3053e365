import MarketDomain
import MarketFeatures
import TerminalUI
import TestSupport
import Testing

/// The Watchlist tab in a screen buffer: the add-a-stock search as a framed popup over cleared
/// rows, and its own help.
@Suite struct WatchlistScreenTests {
    private typealias Output = WatchlistViewModel.Output

    private func rows() -> Output {
        var output = Output()
        output.source = "KIS"
        output.rows = (0..<12).map { index in
            WatchlistViewModel.Row(
                id: "00\(index)", name: "ROWNAME\(index)", market: "KOSPI", price: "1,000", changeRate: "+1.00%",
                changePrice: "+10", volume: "1,234", sparkline: "▁▂▃", direction: .rise, state: .loaded,
                isSelected: index == 0)
        }
        return output
    }

    @Test func theSearchIsAFramedPopupOverClearedRows() throws {
        var output = rows()
        var search = StockSearchViewModel.Output()
        search.text = "삼성"
        search.results = [StockFixtures.samsung]
        output.search = search
        var screen = ScreenBuffer(width: 100, height: 24)
        WatchlistScreen(theme: Theme()).draw(output, isSimulated: true, into: &screen)
        let lines = screen.lines
        let framed = lines.firstIndex { $0.contains("┌") && $0.contains("Add a stock") }
        let top = try #require(framed, "the search's frame")
        let left = DisplayWidth.of(String(lines[top].prefix { $0 != "┌" }))
        let closed = lines.indices.first { $0 > top && lines[$0].contains("└") }
        let bottom = try #require(closed, "the frame's bottom")
        let right = (left..<screen.width).first { screen[$0, top].character == "┐" } ?? screen.width - 1
        // Inside the frame: the query and the match, and nothing of the rows beneath.
        let inside = ((top + 1)..<bottom).map { y in
            String(((left + 1)..<right).map { screen[$0, y] }.filter { !$0.isContinuation }.map(\.character))
        }
        #expect(inside.contains { $0.contains("삼성▏") })
        #expect(inside.contains { $0.contains("005930  삼성전자  KOSPI") })
        #expect(inside.allSatisfy { !$0.contains("ROWNAME") })
        for y in (top + 1)..<bottom {
            #expect(screen[left, y].character == "│", "left border on row \(y)")
        }
        // Rows outside the popup are still drawn.
        #expect(lines.contains { $0.contains("ROWNAME11") } || lines.contains { $0.contains("ROWNAME0") })
    }

    @Test func theHelpOfTheTabListsItsOwnKeys() {
        var screen = ScreenBuffer(width: 100, height: 24)
        var board = BoardOutput()
        board.tab = .watchlist
        board.isHelpVisible = true
        BoardScreen(theme: Theme(), language: .korean).draw(board, into: &screen)
        let text = screen.lines.joined(separator: "\n")
        #expect(text.contains("Keys — Watchlist"))
        #expect(text.contains("add a stock"))
        #expect(text.contains("J K") && text.contains("move the stock down / up"))
        #expect(text.contains("refresh"))
        #expect(!text.contains("coming soon"))
        #expect(!text.contains("clear favorites") && !text.contains("X clears"))
    }
}
