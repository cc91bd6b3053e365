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

    /// An ASCII query is matched against ASCII text byte by byte, and against any other text as
    /// Unicode lower-cases it: both ways agree with the text's `lowercased()`.
    @Test func asciiQueriesMatchAsTheTextLowerCased() {
        let texts = [
            "Bitcoin", "KRW-BTC", "bItCoIn Cash", "비트코인", "\u{212A}RW", "İstanbul", "ÀBC", "", "B", "비트코인 BTC",
            "B비트c", "xİb", "a\u{212A}b", "ŊBc", "\u{0130}", "Ⓑ btc", "ÿb", "éabcé", "中b",
        ]
        let queries = [
            "b", "BTC", "k", "krw", "i", "istanbul", "abc", "n c", "-", "coin cash", "bc", "ak", "ib", "b c",
        ]
        for text in texts {
            for query in queries {
                // Scalar by scalar, as the matcher compares (`İ` lower-cases to `i` and a combining dot).
                let scalars = Array(text.lowercased().unicodeScalars)
                let wanted = Array(query.lowercased().unicodeScalars)
                let expected =
                    wanted.count <= scalars.count
                    && (0...(scalars.count - wanted.count)).contains {
                        Array(scalars[$0..<($0 + wanted.count)]) == wanted
                    }
                #expect(SearchMatcher(query).matches(text) == expected, "\(query) in \(text)")
            }
        }
    }

    @Test func anEmptyQueryMatchesEverything() {
        #expect(SearchMatcher("").matchesEverything)
        #expect(SearchMatcher("  ").matches(MarketFixtures.ripple))
    }
}
