import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// English names added to the directory: the missing ones filled in, and a directory that lacks
/// none of them shared as it is, not copied (every Watchlist tab of a server starts from one).
@Suite struct StockDirectoryTests {
    private let stocks = [
        StockFixtures.samsung,
        Stock(code: "000660", koreanName: "SK하이닉스", englishName: "SK hynix", market: .kospi),
    ]

    @Test func missingNamesAreFilledAndKnownOnesKept() {
        let named = StockDirectory(stocks).addingEnglishNames(["005930": "Samsung Electronics", "000660": "Other"])
        #expect(named.stock("005930")?.englishName == "Samsung Electronics")
        #expect(named.stock("000660")?.englishName == "SK hynix")
        #expect(named.search("samsung", on: .kis).map(\.code) == ["005930"])
    }

    @Test func aDirectoryLackingNoneOfTheNamesIsSharedNotCopied() {
        let named = StockDirectory(stocks).addingEnglishNames(["005930": "Samsung Electronics"])
        let again = named.addingEnglishNames(["005930": "Samsung Electronics", "000660": "SK hynix"])
        let first = named.stocks.withUnsafeBufferPointer { $0.baseAddress }
        let second = again.stocks.withUnsafeBufferPointer { $0.baseAddress }
        #expect(first == second)
        let empty = named.addingEnglishNames([:])
        #expect(empty.stocks.withUnsafeBufferPointer { $0.baseAddress } == first)
    }
}
