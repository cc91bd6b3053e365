import Clocks
import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// The add-a-stock search with a scripted Yahoo and a test clock.
@MainActor
@Suite struct StockSearchViewModelTests {
    private static let samsung = Stock(code: "005930", koreanName: "삼성전자", englishName: "", market: .kospi)
    private static let samsara = Stock(code: "IOT", koreanName: "", englishName: "Samsara Inc.", market: .nyse)
    private static let apple = Stock(code: "AAPL", koreanName: "", englishName: "Apple Inc.", market: .nasdaq)
    private static let directory = StockDirectory([samsung, apple])

    private struct Harness {
        let search: StockSearchViewModel
        let clock: TestClock<Duration>
        let source: ScriptedStockClient

        @MainActor func type(_ text: String) { search.send(.textChanged(text)) }

        /// Lets the tasks started so far begin (and start their sleeps on the test clock) before
        /// moving the clock, then lets those it wakes run: on a busy machine a task may need real
        /// time to start, and a sleep begun after the clock moved would not see the move.
        @MainActor func wait(_ duration: Duration) async {
            await letTasksRun()
            await clock.advance(by: duration)
            await letTasksRun()
        }

        @MainActor func letTasksRun() async {
            for _ in 0..<20 { await Task.yield() }
            try? await Task.sleep(for: .milliseconds(20))
        }

        /// Waits (in real time, generously: a minute, for a loaded machine) until the search shows
        /// what is expected.
        @MainActor func until(
            _ what: String, _ condition: @escaping @MainActor (StockSearchViewModel.Output, [String]) -> Bool
        )
            async throws
        {
            let search = search
            let source = source
            try await waitUntil(seconds: 60, what) {
                await MainActor.run {
                    condition(search.output, source.requests.filter { $0.kind == .search }.map(\.code))
                }
            }
        }

        var sent: [String] { source.requests.filter { $0.kind == .search }.map(\.code) }
    }

    private func harness(_ source: StockSource = .yahoo) -> Harness {
        let clock = TestClock<Duration>()
        let scripted = ScriptedStockClient(source: source) { .zero }
        scripted.setSearch("sam", [Self.samsara])
        scripted.setSearch("samsung", [Self.samsung])
        let search = StockSearchViewModel(
            source: source, directory: Self.directory, client: scripted.client, clock: ViewClock(clock))
        return Harness(search: search, clock: clock, source: scripted)
    }

    @Test func localMatchesComeAtEveryKeystrokeIncludingInitials() {
        let h = harness(.kis)
        h.type("ㅅㅅ")
        #expect(h.search.output.results == [Self.samsung])
        h.type("0059")
        #expect(h.search.output.results == [Self.samsung])
        h.type("")
        #expect(h.search.output.results.isEmpty)
    }

    @Test func typingWithinThePauseSendsOneRequestForTheLastText() async throws {
        let h = harness()
        h.type("s")
        await h.wait(.milliseconds(100))
        h.type("sa")
        await h.wait(.milliseconds(100))
        h.type("sam")
        await h.wait(.milliseconds(299))
        #expect(h.sent.isEmpty)
        await h.wait(.milliseconds(10))
        try await h.until("the answer for sam") { output, sent in
            sent == ["sam"] && output.results.contains(Self.samsara) && !output.isLoading
        }
    }

    @Test func oneCharacterHangulAndARepeatSendNothing() async {
        let h = harness()
        h.type("a")
        await h.wait(.seconds(1))
        h.type("삼성")
        await h.wait(.seconds(1))
        #expect(h.sent.isEmpty)
        h.type("sam")
        await h.wait(.seconds(1))
        h.type("sa")
        h.type("sam")
        await h.wait(.seconds(1))
        #expect(h.sent == ["sam"])
    }

    @Test func aSlowOlderAnswerNeverReplacesANewerOneAndLoadingIsShownThenCleared() async throws {
        let h = harness()
        h.source.hold("sam")
        h.type("sam")
        await h.wait(.milliseconds(350))
        try await h.until("sam sent and loading") { output, sent in sent == ["sam"] && output.isLoading }
        h.type("samsung")
        await h.wait(.milliseconds(350))
        try await h.until("the answer for samsung") { output, sent in
            sent == ["sam", "samsung"] && output.results == [Self.samsung] && !output.isLoading
        }
        // "sam" answers late: it is dropped.
        h.source.release("sam")
        await h.wait(.milliseconds(50))
        await h.letTasksRun()
        #expect(h.search.output.results == [Self.samsung])
        #expect(!h.search.output.results.contains(Self.samsara))
    }
}
