import MarketDomain
import TestSupport
import Testing

@Suite struct QuoteOrderTests {
    private let bitcoin = MarketFixtures.quote(
        MarketFixtures.bitcoin, price: 140_000_000, change: 1_000_000, value: 300e9)
    private let ethereum = MarketFixtures.quote(
        MarketFixtures.ethereum, price: 5_000_000, change: -50_000, value: 100e9)
    private let ripple = MarketFixtures.quote(MarketFixtures.ripple, price: 3_500, change: 35, value: 300e9)

    @Test func startsWithTradeValueDescending() {
        #expect(QuoteOrder.standard == QuoteOrder(key: .value, direction: .descending))
    }

    @Test func choosingTheCurrentKeyTogglesItsDirection() {
        let toggled = QuoteOrder.standard.choosing(.value)
        #expect(toggled == QuoteOrder(key: .value, direction: .ascending))
        #expect(toggled.choosing(.value) == QuoteOrder.standard)
    }

    @Test func choosingANewKeyStartsDescending() {
        let ascending = QuoteOrder(key: .value, direction: .ascending)
        #expect(ascending.choosing(.price) == QuoteOrder(key: .price, direction: .descending))
    }

    @Test func sortsByEachKey() {
        let quotes = [ripple, ethereum, bitcoin]
        #expect(QuoteOrder(key: .price).sorted(quotes).map(\.market.symbol) == ["BTC", "ETH", "XRP"])
        #expect(
            QuoteOrder(key: .price, direction: .ascending).sorted(quotes).map(\.market.symbol) == ["XRP", "ETH", "BTC"])
        #expect(QuoteOrder(key: .change).sorted(quotes).map(\.market.symbol) == ["XRP", "BTC", "ETH"])
        // 비트코인 < 엑스알피 < 이더리움 in 가나다 order; descending reverses it.
        #expect(
            QuoteOrder(key: .name, direction: .ascending).sorted(quotes).map(\.market.symbol) == ["BTC", "XRP", "ETH"])
        #expect(
            QuoteOrder(key: .name).sorted(quotes, language: .english).map(\.market.symbol) == ["XRP", "ETH", "BTC"])
    }

    @Test func breaksTiesByNameAscendingWhateverTheDirection() {
        // Bitcoin and XRP trade the same value: 비트코인 comes before 엑스알피 both ways.
        let quotes = [ripple, ethereum, bitcoin]
        #expect(QuoteOrder(key: .value).sorted(quotes).map(\.market.symbol) == ["BTC", "XRP", "ETH"])
        #expect(
            QuoteOrder(key: .value, direction: .ascending).sorted(quotes).map(\.market.symbol) == ["ETH", "BTC", "XRP"])
        #expect(
            QuoteOrder(key: .value).sorted(quotes, language: .english).map(\.market.symbol) == ["BTC", "XRP", "ETH"])
    }

    @Test func givesTheSameOrderWhateverTheInputOrder() {
        let quotes = [ripple, ethereum, bitcoin]
        let order = QuoteOrder(key: .value)
        #expect(order.sorted(quotes) == order.sorted(quotes.reversed()))
    }

    @Test func sortsAsThePairwiseComparisonSaysForEveryKeyDirectionAndLanguage() {
        // Many ties (four prices, three values, names differing only in case) on 300 markets.
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let names = ["Bitcoin", "bitcoin", "BITCOIN", "Ethereum", "이더리움", "비트코인", "ripple", "Ripple"]
        let quotes = (0..<300).map { index in
            let name = names[next(names.count)]
            let market = Market(id: MarketID(quote: "KRW", base: "C\(index)"), koreanName: name, englishName: name)
            return MarketFixtures.quote(
                market, price: Double(1 + next(4)), change: Double(next(3)) - 1, value: Double(next(3)) * 1e9)
        }
        for key in SortKey.allCases {
            for direction in [SortDirection.ascending, .descending] {
                for language in [NameLanguage.korean, .english] {
                    let order = QuoteOrder(key: key, direction: direction)
                    let expected = quotes.sorted { order.areInIncreasingOrder($0, $1, language: language) }
                    #expect(order.sorted(quotes, language: language).map(\.id) == expected.map(\.id))
                }
            }
        }
    }
}
