import MarketDomain
import MarketFeatures
import Synchronization
import TestSupport
import Testing

@Suite struct StockListRefresherTests {
    private static let samsung = StockFixtures.samsung
    private static let kakao = Stock(code: "035720", koreanName: "카카오", englishName: "", market: .kospi)
    private static let day: Int64 = 86_400_000

    private final class Box: Sendable {
        let saved = Mutex<(fetchedAt: Int64, stocks: [Stock])?>(nil)
        let downloads = Mutex(0)
        var cache: StockListCache {
            StockListCache(
                load: { self.saved.withLock { $0 } },
                save: { time, stocks in self.saved.withLock { $0 = (time, stocks) } })
        }
    }

    @Test func aListFetchedWithinADayIsUsedWithoutAsking() async {
        let box = Box()
        box.saved.withLock { $0 = (1_000, [Self.samsung]) }
        let (stocks, note) = await StockListRefresher.stocks(cache: box.cache, now: 1_000 + Self.day - 1) {
            box.downloads.withLock { $0 += 1 }
            return [Self.kakao]
        }
        #expect(stocks == [Self.samsung])
        #expect(note == nil)
        #expect(box.downloads.withLock { $0 } == 0)
    }

    @Test func anOlderListIsDownloadedAgainAndSaved() async {
        let box = Box()
        box.saved.withLock { $0 = (1_000, [Self.samsung]) }
        let (stocks, _) = await StockListRefresher.stocks(cache: box.cache, now: 1_000 + Self.day) { [Self.kakao] }
        #expect(stocks == [Self.kakao])
        #expect(box.saved.withLock { $0?.fetchedAt } == 1_000 + Self.day)
    }

    @Test func aFailedDownloadFallsBackToTheSavedListOrToNothingWithANote() async {
        let box = Box()
        box.saved.withLock { $0 = (1_000, [Self.samsung]) }
        let (stale, staleNote) = await StockListRefresher.stocks(cache: box.cache, now: 10 * Self.day) {
            throw ExchangeError.unavailable("offline")
        }
        #expect(stale == [Self.samsung])
        #expect(staleNote?.contains("earlier download") == true)
        let empty = Box()
        let (none, noneNote) = await StockListRefresher.stocks(cache: empty.cache, now: 0) {
            throw ExchangeError.unavailable("offline")
        }
        #expect(none == nil)
        #expect(noneNote?.contains("shipped list") == true)
    }
}
