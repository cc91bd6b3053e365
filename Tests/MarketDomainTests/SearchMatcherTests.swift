import MarketDomain
import TestSupport
import Testing

@Suite struct SearchMatcherTests {
    @Test func initialConsonantsFindKoreanNames() {
        #expect(SearchMatcher("ㅂㅌ").matches(MarketFixtures.bitcoin))
        #expect(SearchMatcher("ㅂㅌㅋㅇ").matches(MarketFixtures.bitcoin))
        #expect(SearchMatcher("ㅌㅋ").matches(MarketFixtures.bitcoin))
        #expect(SearchMatcher("ㅂㅌ").matches(MarketFixtures.bittorrent))
        #expect(!SearchMatcher("ㅂㅌ").matches(MarketFixtures.ethereum))
        #expect(!SearchMatcher("ㅋㅂ").matches(MarketFixtures.bitcoin))
    }

    @Test func mixesSyllablesAndInitials() {
        #expect(SearchMatcher("비ㅌ").matches(MarketFixtures.bitcoin))
        #expect(!SearchMatcher("비ㅋ").matches(MarketFixtures.bitcoin))
    }

    @Test func conjoiningJamoCountAsInitials() {
        #expect(SearchMatcher("\u{1107}\u{1110}").matches(MarketFixtures.bitcoin))  // ᄇᄐ
    }

    @Test func matchesPartsOfNamesAndSymbolsIgnoringCase() {
        #expect(SearchMatcher("코인").matches(MarketFixtures.bitcoin))
        #expect(SearchMatcher("bit").matches(MarketFixtures.bitcoin))
        #expect(SearchMatcher("COIN").matches(MarketFixtures.bitcoin))
        #expect(SearchMatcher("btc").matches(MarketFixtures.bitcoin))
        #expect(SearchMatcher("krw-eth").matches(MarketFixtures.ethereum))
        #expect(!SearchMatcher("doge").matches(MarketFixtures.bitcoin))
    }

    @Test func anEmptyQueryMatchesEverything() {
        #expect(SearchMatcher("").matchesEverything)
        #expect(SearchMatcher("  ").matches(MarketFixtures.ripple))
    }
}
