import MarketDomain
import MarketFeatures
import Synchronization
import TestSupport
import Testing

@Suite struct CoinNamingTests {
    private let korbitBitcoin = Market(id: MarketID("KRW-BTC")!, koreanName: "", englishName: "Bitcoin")
    private let korbitEther = Market(id: MarketID("KRW-ETH")!, koreanName: "", englishName: "Ethereum")

    @Test func namesComeFromTheSourcesOnceThenFromTheStore() async throws {
        let korbit = ScriptedMarketClient(markets: [korbitBitcoin, korbitEther], exchange: .korbit)
        let calls = Mutex(0)
        let upbitMarkets: @Sendable () async throws -> [Market] = {
            calls.withLock { $0 += 1 }
            return MarketFixtures.markets
        }
        let store = InMemoryPreferenceStore()
        let named = CoinNaming.naming(korbit.client, from: [upbitMarkets], store: store.store)

        let first = try await named.fetchMarkets()
        #expect(first.map(\.koreanName) == ["비트코인", "이더리움"])
        #expect(first.map(\.englishName) == ["Bitcoin", "Ethereum"])
        #expect(try store.store.coinNames()["XRP"]?.korean == "엑스알피")

        let again = try await named.fetchMarkets()
        #expect(again == first)
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func aFailingSourceLeavesTheExchangesOwnNames() async throws {
        let korbit = ScriptedMarketClient(markets: [korbitBitcoin], exchange: .korbit)
        let failing: @Sendable () async throws -> [Market] = { throw ExchangeError.unavailable("down") }
        let named = CoinNaming.naming(korbit.client, from: [failing], store: nil)
        #expect(try await named.fetchMarkets() == [korbitBitcoin])
    }
}
