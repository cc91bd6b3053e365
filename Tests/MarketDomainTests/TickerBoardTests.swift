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

    /// A market's recent prices follow it when a new listing moves it to another place, and a
    /// market a ticker came for unlisted has its own.
    @Test func recentPricesFollowTheirMarketAcrossAListingChange() {
        var board = board()
        let unlisted = Market(id: MarketID("KRW-NEW")!, koreanName: "새", englishName: "New")
        func tick(_ second: Int64) {
            board.apply(
                MarketFixtures.ticker(MarketFixtures.bitcoin, price: 100 + Double(second), timestamp: second * 1_000))
            board.apply(
                MarketFixtures.ticker(MarketFixtures.ripple, price: 500 - Double(second), timestamp: second * 1_000))
            board.apply(MarketFixtures.ticker(unlisted, price: 7, timestamp: second * 1_000))
        }
        for second in Int64(1)...40 { tick(second) }
        board.setMarkets(MarketFixtures.markets.reversed())
        for second in Int64(41)...80 { tick(second) }
        let recent = board.recentPrices
        #expect(
            recent.change(of: MarketFixtures.bitcoin.id, over: 60_000).map { abs($0 - (180.0 / 120 - 1)) < 1e-12 }
                == true)
        #expect(
            recent.change(of: MarketFixtures.ripple.id, over: 60_000).map { abs($0 - (420.0 / 480 - 1)) < 1e-12 }
                == true)
        #expect(recent.change(of: unlisted.id, over: 60_000) == 0)
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
