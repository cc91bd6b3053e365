import Foundation
import MarketDomain
import MarketStore
import Synchronization
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

    @Test func boardSettingsRoundTrip() throws {
        let store = try MarketStore.inMemory()
        #expect(try store.boardSettings(.upbit) == nil)
        let settings = BoardSettings(
            tab: .favorites, orders: [.market: QuoteOrder(key: .price, direction: .ascending)],
            searches: [.favorites: "ㅂㅌ"])
        try store.saveBoardSettings(.upbit, settings)
        #expect(try store.boardSettings(.upbit) == settings)
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sise-store-\(UUID().uuidString)/nested")
        let path = folder.appendingPathComponent("sise.sqlite").path
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }

        let first = try MarketStore.open(path: path, now: clock())
        let second = try MarketStore.open(path: path, now: clock())
        try first.setFavorite(.upbit, bitcoin, true)
        try second.setFavorite(.upbit, ethereum, true)
        #expect(Set(try first.favorites(.upbit)) == [bitcoin, ethereum])
        try first.saveBoardSettings(.upbit, BoardSettings(tab: .favorites))

        let reopened = try MarketStore.open(path: path)
        #expect(Set(try reopened.favorites(.upbit)) == [bitcoin, ethereum])
        #expect(try reopened.boardSettings(.upbit)?.tab == .favorites)
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
