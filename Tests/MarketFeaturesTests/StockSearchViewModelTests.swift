import Clocks
import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// The add-a-stock search with a scripted Yahoo and a test clock.
@MainActor
@Suite struct StockSearchViewModelTests {
    private static let samsung = StockFixtures.samsung
    private static let samsara = Stock(code: "IOT", koreanName: "", englishName: "Samsara Inc.", market: .nyse)
    private static let apple = StockFixtures.apple
    private static let directory = StockDirectory([samsung, apple])

    /// The search's tasks run on the driver, which the test drains, and only the test clock moves time.
    private struct Harness {
        let search: StockSearchViewModel
        let driver: TaskDriver
        let source: ScriptedStockClient
        /// Every output the search published, in order.
        let outputs: OutputLog<StockSearchViewModel.Output>

        @MainActor func type(_ text: String) { search.send(.textChanged(text)) }

        /// Moves the test clock, letting every task it wakes run before the test goes on.
        @MainActor func wait(_ duration: Duration) async { await driver.advance(by: duration) }

        /// Runs what can run without time passing.
        @MainActor func settle() async { await driver.settle() }

        var sent: [String] { source.requests.filter { $0.kind == .search }.map(\.code) }
    }

    private func harness(_ source: StockSource = .yahoo) -> Harness {
        let driver = TaskDriver()
        let scripted = ScriptedStockClient(source: source) { driver.elapsed }
        scripted.setSearch("sam", [Self.samsara])
        scripted.setSearch("samsung", [Self.samsung])
        let search = StockSearchViewModel(
            source: source, directory: Self.directory, client: scripted.client, clock: ViewClock(driver.clock),
            executor: driver)
        let outputs = OutputLog<StockSearchViewModel.Output>()
        let stream = search.outputs(bufferingPolicy: .unbounded)
        _ = driver.start { @MainActor in
            for await output in stream.dropFirst() { outputs.append(output) }
        }
        return Harness(search: search, driver: driver, source: scripted, outputs: outputs)
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
        await h.wait(.milliseconds(1))
        #expect(h.sent == ["sam"])
        #expect(h.search.output.results.contains(Self.samsara) && !h.search.output.isLoading)
        // The whole sequence: local results at each keystroke, then loading, then the answer.
        #expect(
            h.outputs.values.map { "\($0.text) \($0.isLoading ? "…" : "") \($0.results.map(\.code))" } == [
                "s  [\"AAPL\"]", "sa  []", "sam  []", "sam … []", "sam  [\"IOT\"]",
            ])
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
        #expect(h.sent == ["sam"] && h.search.output.isLoading)
        h.type("samsung")
        await h.wait(.milliseconds(350))
        #expect(h.sent == ["sam", "samsung"])
        #expect(h.search.output.results == [Self.samsung] && !h.search.output.isLoading)
        // "sam" answers late: it is dropped.
        h.source.release("sam")
        await h.settle()
        #expect(h.search.output.results == [Self.samsung])
        #expect(!h.search.output.results.contains(Self.samsara))
    }
}
