import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

/// Viewers of one source share its requests: one request answers everyone who asked while it was
/// in flight, a fresh answer is reused, a stale one or a failure is asked again.
@Suite struct SharedStockRequestsTests {
    private static let samsung = Stock(
        code: "005930", koreanName: "삼성전자", englishName: "Samsung Electronics", market: .kospi)

    /// The time as the test sets it.
    private final class ManualTime: Sendable {
        private let value = Mutex(Duration.zero)
        var now: Duration { value.withLock { $0 } }
        func set(_ time: Duration) { value.withLock { $0 = time } }
    }

    /// A scripted source behind the sharing, on a clock the test moves by hand.
    private final class Fixture: Sendable {
        let time = ManualTime()
        let scripted: ScriptedStockClient
        let shared: SharedStockRequests

        init() {
            let time = self.time
            scripted = ScriptedStockClient(source: .kis) { time.now }
            shared = SharedStockRequests(scripted.client, now: { time.now })
        }

        var summaries: Int { scripted.requests.filter { $0.kind == .summary }.count }

        func waitForRequests(_ count: Int) async {
            while summaries < count { await Task.yield() }
        }
    }

    @Test func askersOfOneStockWhileItIsInFlightShareOneRequest() async throws {
        let f = Fixture()
        let client = f.shared.client
        f.scripted.hold(Self.samsung.code)
        async let first = client.fetchSummary(Self.samsung, 30)
        await f.waitForRequests(1)
        async let second = client.fetchSummary(Self.samsung, 30)
        // The answer comes once the second asker has joined the request in flight.
        while f.shared.sharedAsks < 1 { await Task.yield() }
        f.scripted.release(Self.samsung.code)
        let (a, b) = try await (first, second)
        #expect(a == b)
        #expect(f.summaries == 1)
        // Fresh for 5 s: asked again at 4 s, the answer is reused; at 6 s it is asked again.
        f.time.set(.seconds(4))
        _ = try await client.fetchSummary(Self.samsung, 30)
        #expect(f.summaries == 1)
        f.time.set(.seconds(6))
        _ = try await client.fetchSummary(Self.samsung, 30)
        #expect(f.summaries == 2)
        // Another count of closes is another question.
        _ = try await client.fetchSummary(Self.samsung, 60)
        #expect(f.summaries == 3)
    }

    @Test func aFailureIsNotKeptTheNextAskGoesOut() async throws {
        let f = Fixture()
        let client = f.shared.client
        f.scripted.fail(Self.samsung.code, times: 1)
        await #expect(throws: ExchangeError.self) { try await client.fetchSummary(Self.samsung, 30) }
        _ = try await client.fetchSummary(Self.samsung, 30)
        #expect(f.summaries == 2)
    }

    @Test func searchesAreNotSharedAViewerCancelsThemAsItTypes() async throws {
        let f = Fixture()
        f.scripted.setSearch("sam", [Self.samsung])
        let client = f.shared.client
        _ = try await client.searchRemote("sam")
        _ = try await client.searchRemote("sam")
        #expect(f.scripted.requests.filter { $0.kind == .search }.count == 2)
    }
}
