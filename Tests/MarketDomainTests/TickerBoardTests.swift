import MarketDomain
import TestSupport
import Testing

@Suite struct TickerBoardTests {
    private func board() -> TickerBoard {
        var board = TickerBoard(exchange: .upbit)
        board.setMarkets(MarketFixtures.markets)
        return board
    }

    @Test func mergesNamesIntoTickers() throws {
        var board = board()
        board.apply(MarketFixtures.ticker(MarketFixtures.bitcoin, price: 100, timestamp: 5))
        let quote = try #require(board.quote(MarketFixtures.bitcoin.id))
        #expect(quote.market.koreanName == "비트코인")
        #expect(quote.ticker.price == 100)
        #expect(board.quotes.count == 1)
    }

    @Test func dropsATickerOlderThanTheOneHeld() {
        var board = board()
        #expect(board.apply(MarketFixtures.ticker(MarketFixtures.bitcoin, price: 100, timestamp: 10)) == .applied)
        #expect(board.apply(MarketFixtures.ticker(MarketFixtures.bitcoin, price: 90, timestamp: 9)) == .outdated)
        #expect(board.ticker(MarketFixtures.bitcoin.id)?.price == 100)
        #expect(board.apply(MarketFixtures.ticker(MarketFixtures.bitcoin, price: 110, timestamp: 10)) == .applied)
        #expect(board.ticker(MarketFixtures.bitcoin.id)?.price == 110)
    }

    @Test func theSameTickerOfferedAgainChangesNothing() {
        var board = board()
        let ticker = MarketFixtures.ticker(MarketFixtures.bitcoin, price: 100, timestamp: 10)
        #expect(board.apply(ticker) == .applied)
        let version = board.version
        #expect(board.apply(ticker) == .repeated)
        #expect(board.version == version)
    }

    @Test func aSnapshotNeverOverwritesNewerLiveData() {
        var board = board()
        board.apply(MarketFixtures.ticker(MarketFixtures.bitcoin, price: 100, timestamp: 20))
        let applied = board.apply(snapshot: [
            MarketFixtures.ticker(MarketFixtures.bitcoin, price: 95, timestamp: 15),
            MarketFixtures.ticker(MarketFixtures.ethereum, price: 50, timestamp: 15),
        ])
        #expect(applied == 1)
        #expect(board.ticker(MarketFixtures.bitcoin.id)?.price == 100)
        #expect(board.ticker(MarketFixtures.ethereum.id)?.price == 50)
    }

    @Test func filtersBySearch() {
        var board = board()
        for market in MarketFixtures.markets { board.apply(MarketFixtures.ticker(market, price: 10)) }
        let found = board.quotes(matching: SearchMatcher("ㅂㅌ")).map(\.market.symbol).sorted()
        #expect(found == ["BTC", "BTT"])
    }

    @Test func bumpsItsVersionOnlyOnChange() {
        var board = board()
        let start = board.version
        board.apply(MarketFixtures.ticker(MarketFixtures.bitcoin, price: 100, timestamp: 10))
        let afterApply = board.version
        board.apply(MarketFixtures.ticker(MarketFixtures.bitcoin, price: 100, timestamp: 1))
        #expect(afterApply > start)
        #expect(board.version == afterApply)
    }
}
