import MarketDomain
import Testing

/// What changed in a market list between two looks (issue 28): new markets, and warnings new or
/// stronger.
@Suite struct ListedMarketsTests {
    private static func market(_ symbol: String, _ warning: MarketWarning? = nil) -> Market {
        Market(id: MarketID(quote: "KRW", base: symbol), koreanName: "", englishName: symbol, warning: warning)
    }

    private static let caution = MarketWarning(level: .caution, reasons: ["가격 급등락"])

    @Test func theFirstListIsTheBaselineAndAnEmptyListIsNoNews() {
        var listed = ListedMarkets()
        #expect(!listed.hasSeenList)
        #expect(listed.update(to: []).isEmpty)
        #expect(!listed.hasSeenList)
        #expect(listed.update(to: [Self.market("BTC"), Self.market("XRP", Self.caution)]).isEmpty)
        #expect(listed.hasSeenList)
        #expect(listed.update(to: []).isEmpty)
        #expect(listed.update(to: [Self.market("BTC"), Self.market("XRP", Self.caution)]).isEmpty)
    }

    @Test func newMarketsAndNewOrStrongerWarningsAreNews() {
        var listed = ListedMarkets()
        _ = listed.update(to: [Self.market("BTC"), Self.market("XRP", Self.caution), Self.market("ETH")])
        let moreReasons = MarketWarning(level: .caution, reasons: ["가격 급등락", "거래량 급등"])
        let changes = listed.update(to: [
            Self.market("BTC", Self.caution), Self.market("XRP", moreReasons), Self.market("ETH"),
            Self.market("NEWC"),
        ])
        #expect(changes.listed.map(\.symbol) == ["NEWC"])
        #expect(changes.warned.map(\.symbol) == ["BTC", "XRP"])
        // A reason dropped is not news; 주의 become 유의 is; a warning cleared then raised again is.
        let fewer = listed.update(to: [
            Self.market("BTC", MarketWarning(level: .warning, reasons: ["가격 급등락"])), Self.market("XRP", Self.caution),
            Self.market("ETH"), Self.market("NEWC"),
        ])
        #expect(fewer.warned.map(\.symbol) == ["BTC"])
        _ = listed.update(to: [Self.market("BTC"), Self.market("XRP"), Self.market("ETH"), Self.market("NEWC")])
        let again = listed.update(to: [
            Self.market("BTC"), Self.market("XRP", Self.caution), Self.market("ETH"), Self.market("NEWC"),
        ])
        #expect(again.warned.map(\.symbol) == ["XRP"])
        #expect(again.listed.isEmpty)
    }
}
