import MarketDomain
import MarketFeatures
import TerminalUI
import TestSupport
import Testing

@Suite struct BoardTableTests {
    /// A frame redraws a changed row over the one drawn there before, writing only the cells that
    /// differ: whatever the two rows are (names wide or cut, badges, stars, flashes, selection,
    /// moves), the line ends as drawing the new row alone leaves it.
    @Test func aRowDrawnOverAnotherEndsAsTheRowDrawnAlone() {
        let table = BoardTable(theme: Theme(), language: .korean)
        var random = SplitMix(state: 31)
        for width in [60, 80, 120] {
            for _ in 0..<400 {
                let old = Self.row(&random)
                let new = random.next() % 4 == 0 ? Self.row(&random) : Self.moved(old, &random)
                var drawn = ScreenBuffer(width: width, height: 1)
                table.draw(old, into: &drawn, y: 0)
                var alone = drawn
                table.draw(new, into: &alone, y: 0)
                table.draw(new, over: old, into: &drawn, y: 0)
                #expect(drawn == alone, "\(old) → \(new) at \(width) columns")
            }
        }
    }

    /// A row with each field drawn from a few that exercise the table: wide and long names, long
    /// numbers, every direction, flash, badge and move sign.
    private static func row(_ random: inout SplitMix) -> BoardRow {
        BoardRow(
            id: MarketID("KRW-BTC")!, name: pick(names, &random), symbol: pick(["BTC", "ETH", "VERYLONGSYM"], &random),
            price: pick(prices, &random), changeRate: pick(rates, &random),
            changePrice: pick(["+1", "-2,000", "0", "+123,456,789,012"], &random),
            tradeValue: pick(["1,000백만", "12,345백만", "0"], &random), direction: pick([.rise, .even, .fall], &random),
            flash: pick([nil, .rise, .fall], &random), isFavorite: random.next() % 2 == 0,
            isSelected: random.next() % 3 == 0, move1m: pick(moves, &random), move5m: pick(moves, &random),
            move15m: pick(moves, &random), badges: pick([[], [.warning], [.caution, .new], [.new]], &random))
    }

    /// `row` after a tick or two: its price, change, flash or moves changed, its names kept, now
    /// and then starred or selected.
    private static func moved(_ row: BoardRow, _ random: inout SplitMix) -> BoardRow {
        var moved = row
        moved.price = pick(prices, &random)
        moved.changeRate = pick(rates, &random)
        moved.direction = pick([.rise, .even, .fall], &random)
        moved.flash = pick([nil, .rise, .fall], &random)
        moved.move5m = pick(moves, &random)
        if random.next() % 8 == 0 { moved.isFavorite.toggle() }
        if random.next() % 8 == 0 { moved.isSelected.toggle() }
        return moved
    }

    private static let names = ["비트코인", "Bitcoin", "아주아주긴이름의코인입니다정말로긴이름", "이더리움 클래식", "", "X"]
    private static let prices = ["140,000,000", "140,001,000", "5,000,000", "0.00001234", "1,234,567,890,123,456"]
    private static let rates = ["+1.01%", "-0.50%", "0.00%", "+123.45%"]
    private static let moves = ["", "+2.50%", "-1.20%", "0.00%"]

    private static func pick<T>(_ values: [T], _ random: inout SplitMix) -> T {
        values[Int(random.next() % UInt64(values.count))]
    }
}
