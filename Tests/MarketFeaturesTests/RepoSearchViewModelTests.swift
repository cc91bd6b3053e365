import Clocks
import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

/// The repository search on a test clock with a scripted service whose answers the test
/// releases: the whole sequence of outputs, through throttle, minimum length, distinct queries,
/// cancellation, answers out of order, loading and the alert.
@MainActor
@Suite struct RepoSearchViewModelTests {
    /// A search service whose every request waits until the test answers it.
    final class ScriptedSearch: Sendable {
        private let state = Mutex<
            (queries: [String], cancelled: [String], waiting: [String: CheckedContinuation<[Repository], any Error>])
        >(([], [], [:]))

        var queries: [String] { state.withLock { $0.queries } }
        var cancelled: [String] { state.withLock { $0.cancelled } }

        var client: RepositorySearchClient {
            RepositorySearchClient { query in
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { continuation in
                        self.state.withLock {
                            $0.queries.append(query)
                            $0.waiting[query] = continuation
                        }
                    }
                } onCancel: {
                    let waiting = self.state.withLock { state in
                        state.cancelled.append(query)
                        return state.waiting.removeValue(forKey: query)
                    }
                    waiting?.resume(throwing: CancellationError())
                }
            }
        }

        /// Answers the request for `query`.
        func answer(_ query: String, with result: Result<[Repository], any Error>) {
            let waiting = state.withLock { $0.waiting.removeValue(forKey: query) }
            waiting?.resume(with: result)
        }
    }

    private static func repository(_ id: Int64, _ name: String, stars: Int = 1_234) -> Repository {
        Repository(id: id, fullName: name, description: "About \(name)", stars: stars, language: "Swift")
    }

    private struct Harness {
        let viewModel: RepoSearchViewModel
        let driver: TaskDriver
        let service: ScriptedSearch
        let log: OutputLog<RepoSearchViewModel.Output>

        /// The outputs since the start, summed up as (query, loading, rows, error, alert).
        @MainActor var steps: [String] {
            var steps: [String] = []
            for output in log.values {
                let rows = output.rows.map(\.fullName).joined(separator: ",")
                let step =
                    "\(output.query)|\(output.isLoading ? "loading" : "-")|\(rows)|\(output.error ?? "")|\(output.alert ?? "")"
                if steps.last != step { steps.append(step) }
            }
            return steps
        }
    }

    private func harness() -> Harness {
        let driver = TaskDriver()
        let service = ScriptedSearch()
        let viewModel = RepoSearchViewModel(client: service.client, clock: ViewClock(driver.clock), executor: driver)
        let log = OutputLog<RepoSearchViewModel.Output>()
        let outputs = viewModel.outputs(bufferingPolicy: .unbounded)
        driver.start { @MainActor in
            for await output in outputs.dropFirst() { log.append(output) }
        }
        return Harness(viewModel: viewModel, driver: driver, service: service, log: log)
    }

    @Test func onAppearingItSearchesSwiftAtOnceAndShowsTheResults() async {
        let h = harness()
        h.viewModel.send(.appeared)
        await h.driver.settle()
        #expect(h.service.queries == ["swift"])
        h.service.answer("swift", with: .success([Self.repository(1, "swiftlang/swift", stars: 68_900)]))
        await h.driver.settle()
        #expect(h.steps == ["swift|loading|||", "swift|-|swiftlang/swift||"])
        #expect(h.viewModel.output.rows.first?.stars == "★ 68.9k")
        // Appearing again does not search again.
        h.viewModel.send(.appeared)
        await h.driver.settle()
        #expect(h.service.queries == ["swift"])
    }

    @Test func aQueryTypedQuicklyGoesOutOnceAfterThePauseAndShortOrRepeatedOnesNever() async {
        let h = harness()
        h.viewModel.send(.appeared)
        await h.driver.settle()
        h.service.answer("swift", with: .success([]))
        await h.driver.settle()
        for prefix in ["t", "to", "tok", "toki", "tokio"] {
            h.viewModel.send(.queryChanged(prefix))
            await h.driver.advance(by: .milliseconds(100), step: .milliseconds(100))
        }
        #expect(h.service.queries == ["swift"])
        await h.driver.advance(by: .milliseconds(199), step: .milliseconds(199))
        #expect(h.service.queries == ["swift"])
        await h.driver.advance(by: .milliseconds(1), step: .milliseconds(1))
        #expect(h.service.queries == ["swift", "tokio"])
        h.service.answer("tokio", with: .success([Self.repository(2, "tokio-rs/tokio")]))
        await h.driver.settle()
        // Two characters: never sent; the same query as the last sent: never sent again.
        h.viewModel.send(.queryChanged("ab"))
        await h.driver.advance(by: .seconds(1))
        h.viewModel.send(.queryChanged("tokio"))
        await h.driver.advance(by: .seconds(1))
        #expect(h.service.queries == ["swift", "tokio"])
        #expect(
            h.steps == [
                "swift|loading|||", "swift|-|||", "t|-|||", "to|-|||", "tok|-|||", "toki|-|||", "tokio|-|||",
                "tokio|loading|||", "tokio|-|tokio-rs/tokio||", "ab|-|tokio-rs/tokio||", "tokio|-|tokio-rs/tokio||",
            ])
    }

    @Test func aNewSearchCancelsTheOneInFlightAndAnOlderAnswerNeverReplacesANewerOne() async {
        let h = harness()
        h.viewModel.send(.appeared)
        await h.driver.settle()
        // `swift` is still in flight when `vapor` goes out: `swift` is cancelled.
        h.viewModel.send(.queryChanged("vapor"))
        await h.driver.advance(by: .milliseconds(300))
        #expect(h.service.queries == ["swift", "vapor"])
        #expect(h.service.cancelled == ["swift"])
        // A service that answers the old query anyway is not listened to.
        h.service.answer("swift", with: .success([Self.repository(1, "swiftlang/swift")]))
        await h.driver.settle()
        #expect(h.viewModel.output.rows.isEmpty && h.viewModel.output.isLoading)
        h.service.answer("vapor", with: .success([Self.repository(3, "vapor/vapor")]))
        await h.driver.settle()
        #expect(h.steps == ["swift|loading|||", "vapor|loading|||", "vapor|-|vapor/vapor||"])
    }

    @Test func aFailureSaysWhyAndKeepsTheRowsAndChoosingARowShowsItsIdUntilDismissed() async {
        let h = harness()
        h.viewModel.send(.appeared)
        await h.driver.settle()
        h.service.answer("swift", with: .success([Self.repository(44_838_949, "apple/swift-nio")]))
        await h.driver.settle()
        h.viewModel.send(.queryChanged("rxswift"))
        await h.driver.advance(by: .milliseconds(300))
        h.service.answer("rxswift", with: .failure(ServiceRateLimited(retryAfterSeconds: 42)))
        await h.driver.settle()
        h.viewModel.send(.repositoryChosen(id: 44_838_949))
        h.viewModel.send(.repositoryChosen(id: 7))  // not a row shown: nothing
        h.viewModel.send(.alertDismissed)
        await h.driver.settle()
        #expect(
            h.steps == [
                "swift|loading|||", "swift|-|apple/swift-nio||", "rxswift|-|apple/swift-nio||",
                "rxswift|loading|apple/swift-nio||", "rxswift|-|apple/swift-nio|rate limited, try again in 42 s|",
                "rxswift|-|apple/swift-nio|rate limited, try again in 42 s|apple/swift-nio\nid 44838949",
                "rxswift|-|apple/swift-nio|rate limited, try again in 42 s|",
            ])
    }
}
