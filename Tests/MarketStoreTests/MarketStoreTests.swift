import Foundation
import MarketDomain
import MarketStore
import Synchronization
import TestSupport
import Testing

@Suite struct MarketStoreTests {
    private let bitcoin = MarketID("KRW-BTC")!
    private let ethereum = MarketID("KRW-ETH")!

    private func clock() -> @Sendable () -> Int64 {
        let counter = Counter()
        return { counter.next() }
    }

    @Test func favoritesAreKeptPerExchangeOldestFirst() throws {
        let store = try MarketStore.inMemory(now: clock())
        try store.setFavorite(.upbit, ethereum, true)
        try store.setFavorite(.upbit, bitcoin, true)
        try store.setFavorite(.upbit, ethereum, true)  // twice is once
        #expect(try store.favorites(.upbit) == [ethereum, bitcoin])
        try store.setFavorite(.upbit, ethereum, false)
        #expect(try store.favorites(.upbit) == [bitcoin])
        #expect(try store.clearFavorites(.upbit) == 1)
        #expect(try store.favorites(.upbit).isEmpty)
    }

    @Test func theCoinNameTableIsReplacedWhole() throws {
        let store = try MarketStore.inMemory()
        #expect(try store.coinNames().isEmpty)
        let names = CoinNames(markets: [
            Market(id: bitcoin, koreanName: "비트코인", englishName: "Bitcoin"),
            Market(id: ethereum, koreanName: "이더리움", englishName: "Ethereum"),
        ])
        try store.saveCoinNames(names)
        #expect(try store.coinNames() == names)
        let fewer = CoinNames(markets: [Market(id: bitcoin, koreanName: "비트코인", englishName: "Bitcoin")])
        try store.preferences.saveCoinNames(fewer)
        #expect(try store.preferences.coinNames() == fewer)
    }

    @Test func settingsAreKeptByKeyAndReplaced() throws {
        let store = try MarketStore.inMemory()
        #expect(try store.setting("board.upbit") == nil)
        try store.saveSetting("board.upbit", #"{"tab":"favorites"}"#)
        try store.preferences.saveSetting("board.bithumb", "ㅂㅌ")
        try store.saveSetting("board.upbit", #"{"tab":"compare"}"#)
        #expect(try store.preferences.setting("board.upbit") == #"{"tab":"compare"}"#)
        #expect(try store.setting("board.bithumb") == "ㅂㅌ")
    }

    @Test func candlesAreCachedOldestFirstAndReplacedByDay() throws {
        let store = try MarketStore.inMemory()
        let day = TradingDay(year: 2026, month: 3, day: 10)!
        let first = Candle(day: day, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10, value: 15)
        let second = Candle(day: day.adding(days: 1), open: 1.5, high: 3, low: 1, close: 2, volume: 5, value: 10)
        try store.cacheCandles(.upbit, bitcoin, [second, first])
        #expect(try store.cachedCandles(.upbit, bitcoin) == [first, second])
        var revised = second
        revised.close = 2.5
        try store.cacheCandles(.upbit, bitcoin, [revised])
        #expect(try store.cachedCandles(.upbit, bitcoin) == [first, revised])
        #expect(try store.cachedCandles(.upbit, ethereum).isEmpty)
    }

    @Test func aFileKeepsEverythingAcrossReopenAndTwoOpenCopiesSeeEachOther() throws {
        let folder = TestScratch.folder.appendingPathComponent(
            "sise-store-\(UUID().uuidString)/nested")
        let path = folder.appendingPathComponent("sise.sqlite").path
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }

        let first = try MarketStore.open(path: path, now: clock())
        let second = try MarketStore.open(path: path, now: clock())
        try first.setFavorite(.upbit, bitcoin, true)
        try second.setFavorite(.upbit, ethereum, true)
        #expect(Set(try first.favorites(.upbit)) == [bitcoin, ethereum])
        try first.saveSetting("board.upbit", #"{"tab":"favorites"}"#)

        let reopened = try MarketStore.open(path: path)
        #expect(Set(try reopened.favorites(.upbit)) == [bitcoin, ethereum])
        #expect(try reopened.setting("board.upbit") == #"{"tab":"favorites"}"#)
    }

    @Test func watchlistsKeepTheirOrderAcrossReopenAndTwoCopiesEditingAtOnceLoseNothing() async throws {
        let folder = TestScratch.folder.appendingPathComponent("sise-watch-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("sise.sqlite").path
        defer { try? FileManager.default.removeItem(at: folder) }

        let store = try MarketStore.open(path: path)
        for code in ["005930", "000660", "035720"] { try store.editWatchlist(.kis) { $0.add(code) } }
        try store.editWatchlist(.kis) { $0.move("035720", to: 0) }
        try store.editWatchlist(.yahoo) { $0.add("AAPL") }
        #expect(try MarketStore.open(path: path).watchlist(.kis).codes == ["035720", "005930", "000660"])
        #expect(try store.watchlist(.yahoo).codes == ["AAPL"])

        // Two open copies adding fifty codes each at the same time: all hundred are kept.
        let first = try MarketStore.open(path: path)
        let second = try MarketStore.open(path: path)
        async let a: Void = Task.detached {
            for index in 0..<50 { try first.watchlists.edit(.kis) { $0.add("A\(index)") } }
        }.value
        async let b: Void = Task.detached {
            for index in 0..<50 { try second.watchlists.edit(.kis) { $0.add("B\(index)") } }
        }.value
        _ = try await (a, b)
        let codes = try MarketStore.open(path: path).watchlists.load(.kis).codes
        #expect(codes.count == 103)
        #expect(Array(codes.prefix(3)) == ["035720", "005930", "000660"])
        #expect(codes.filter { $0.hasPrefix("A") } == (0..<50).map { "A\($0)" })
        #expect(try store.editWatchlist(.kis) { $0.clear() == 103 ? .removed : .unchanged } == .removed)
        #expect(try store.watchlist(.kis).isEmpty)
    }

    @Test func aPathThatCannotBeCreatedIsAClearError() {
        #expect(throws: StoreError.self) { try MarketStore.open(path: "/proc/sise-cannot/sise.sqlite") }
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(MarketStore.defaultPath(environment: ["XDG_DATA_HOME": "/data"]) == "/data/sise/sise.sqlite")
        #expect(MarketStore.defaultPath(environment: ["HOME": "/home/me"]) == "/home/me/.local/share/sise/sise.sqlite")
    }
}

/// A clock that ticks one millisecond per reading, so insertion order is the time order.
final class Counter: Sendable {
    private let value = Mutex<Int64>(0)
    func next() -> Int64 {
        value.withLock {
            $0 += 1; return $0
        }
    }
}
