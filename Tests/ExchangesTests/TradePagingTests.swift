import MarketDomain
import Testing

@testable import Exchanges

/// Catching up to a trade already seen, page by page as each exchange allows (issue 26, item 3).
@Suite struct TradePagingTests {
    private func trade(_ id: Int64) -> Trade {
        Trade(market: MarketID("KRW-BTC")!, price: 100, size: 1, side: .buy, timestamp: 1_000 + id, id: id)
    }

    @Test func pagingBackStopsAtThePageThatReachesTheTradeSeen() async throws {
        let recorder = Recorder()
        let trades = try await TradePaging.back(to: trade(1_234), pageSize: 500) { cursor in
            recorder.asked.append(cursor)
            let top = (cursor ?? 3_001) - 1
            return stride(from: top, to: max(0, top - 500), by: -1).map { self.trade($0) }
        }
        #expect(recorder.asked == [nil, 2_501, 2_001, 1_501])
        #expect(trades.first?.id == 3_000)
        #expect(trades.contains { $0.id == 1_234 })
        // Newest first, each once.
        #expect(zip(trades, trades.dropFirst()).allSatisfy { $0.id == $1.id + 1 })
    }

    @Test func pagingBackStopsAtAShortPageAndAtTheLimit() async throws {
        let short = Recorder()
        _ = try await TradePaging.back(to: trade(1), pageSize: 500) { cursor in
            short.asked.append(cursor)
            return (900...999).reversed().map { self.trade(Int64($0)) }  // the exchange keeps 100
        }
        #expect(short.asked == [nil])
        let long = Recorder()
        _ = try await TradePaging.back(to: trade(1), pageSize: 10) { cursor in
            long.asked.append(cursor)
            let top = (cursor ?? 1_000_001) - 1
            return stride(from: top, to: top - 10, by: -1).map { self.trade($0) }
        }
        #expect(long.asked.count == TradePaging.maximumPages)
    }

    @Test func pagingForwardAsksFromTheIdAfterTheTradeSeenUntilAShortPage() async throws {
        let recorder = Recorder()
        let trades = try await TradePaging.forward(from: trade(100), pageSize: 1_000) { fromID in
            recorder.asked.append(fromID)
            return (fromID...min(fromID + 999, 2_500)).map { self.trade($0) }
        }
        #expect(recorder.asked == [101, 1_101, 2_101])
        #expect(trades.count == 2_400)
        #expect(trades.first?.id == 2_500 && trades.last?.id == 101)
    }

    final class Recorder: @unchecked Sendable {
        var asked: [Int64?] = []
    }
}
