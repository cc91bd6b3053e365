import Clocks
import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

/// The numbers list on a test clock with a scripted service: five on appearing, one more a tap,
/// appended in order, and a failure shown for three seconds with the list kept.
@MainActor
@Suite struct NumbersViewModelTests {
    /// A service that answers from a script, one answer a request, and records what it was asked.
    final class ScriptedNumbers: Sendable {
        private let state: Mutex<(answers: [Result<[Int], ServiceFailure>], asked: [[Int]])>

        struct ServiceFailure: Error, CustomStringConvertible {
            var description: String { "random numbers 503: Service Unavailable" }
        }

        init(_ answers: [Result<[Int], ServiceFailure>]) {
            state = Mutex((answers, []))
        }

        var asked: [[Int]] { state.withLock { $0.asked } }

        var client: RandomNumberClient {
            RandomNumberClient { low, high, count in
                let answer = self.state.withLock { state in
                    state.asked.append([low, high, count])
                    return state.answers.isEmpty ? .failure(ServiceFailure()) : state.answers.removeFirst()
                }
                return try answer.get()
            }
        }
    }

    private func run(_ service: ScriptedNumbers) -> (NumbersViewModel, TaskDriver, OutputLog<NumbersViewModel.Output>) {
        let driver = TaskDriver()
        let viewModel = NumbersViewModel(client: service.client, clock: ViewClock(driver.clock), executor: driver)
        let log = OutputLog<NumbersViewModel.Output>()
        let outputs = viewModel.outputs(bufferingPolicy: .unbounded)
        driver.start { @MainActor in
            for await output in outputs.dropFirst() { log.append(output) }
        }
        return (viewModel, driver, log)
    }

    private func steps(_ log: OutputLog<NumbersViewModel.Output>) -> [String] {
        log.values.map { "\($0.numbers)|\($0.isLoading ? "loading" : "-")|\($0.failure ?? "")" }
    }

    @Test func fiveOnAppearingThenOneMoreATapAppendedInOrder() async {
        let service = ScriptedNumbers([.success([100, 523, 1000, 187, 640]), .success([311]), .success([999])])
        let (viewModel, driver, log) = run(service)
        viewModel.send(.appeared)
        viewModel.send(.appeared)
        await driver.settle()
        viewModel.send(.addRandomNumberTapped)
        viewModel.send(.addRandomNumberTapped)
        await driver.settle()
        #expect(service.asked == [[100, 1000, 5], [100, 1000, 1], [100, 1000, 1]])
        #expect(
            steps(log) == [
                "[]|loading|", "[100, 523, 1000, 187, 640]|-|", "[100, 523, 1000, 187, 640]|loading|",
                "[100, 523, 1000, 187, 640]|loading|", "[100, 523, 1000, 187, 640, 311]|loading|",
                "[100, 523, 1000, 187, 640, 311, 999]|-|",
            ])
    }

    @Test func aFailedFetchShowsAFailureForThreeSecondsAndKeepsTheList() async {
        let service = ScriptedNumbers([.success([1, 2, 3, 4, 5]), .failure(.init())])
        let (viewModel, driver, log) = run(service)
        viewModel.send(.appeared)
        await driver.settle()
        viewModel.send(.addRandomNumberTapped)
        await driver.settle()
        await driver.advance(by: .milliseconds(2_900))
        #expect(viewModel.output.failure == "random numbers 503: Service Unavailable")
        await driver.advance(by: .milliseconds(100))
        #expect(
            steps(log) == [
                "[]|loading|", "[1, 2, 3, 4, 5]|-|", "[1, 2, 3, 4, 5]|loading|",
                "[1, 2, 3, 4, 5]|-|random numbers 503: Service Unavailable", "[1, 2, 3, 4, 5]|-|",
            ])
    }
}
