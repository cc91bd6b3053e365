import ArgumentParser
import ExampleSupport
import Exchanges
import Foundation
import MarketDomain
import MarketFeatures
import TerminalUI

/// `numbers`: a list of random integers on Sise's MVVM core (SPEC §1.14). Without options, the
/// terminal app; with `--count` (or when stdout is not a terminal), a headless fetch for scripts.
@main
struct NumbersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "numbers",
        abstract:
            "Random numbers in 100…1000: five on appearing and one more per key press (the terminal app), or once.",
        discussion: """
            The app fetches five numbers on appearing; `a` fetches one more and appends it; a \
            failed fetch shows as an error toast and the list stays. `q`, Esc or Ctrl-C quits.
            """)

    @OptionGroup var service: ExampleServiceOptions

    @Option(parsing: .unconditional, help: "Fetch this many numbers once and print them (1 to 100).")
    var count: Int?

    @Option(help: "With --count: lines (one number a line) or json (an array).")
    var format: Format = .lines

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case lines, json
    }

    func validate() throws {
        if let count, !(1...100).contains(count) { throw ValidationError("--count must be between 1 and 100.") }
    }

    func run() async throws {
        let range = NumbersViewModel.range
        if count != nil || !ExampleFailure.stdoutIsTerminal {
            do {
                try await service.run(.randomNumbers) { baseURL, _ in
                    let client = ExampleServiceClients.randomNumbers(baseURL: baseURL)
                    let numbers = try await client.fetch(
                        range.lowerBound, range.upperBound, count ?? NumbersViewModel.firstCount)
                    switch format {
                    case .json: print("[" + numbers.map(String.init).joined(separator: ",") + "]")
                    case .lines: for number in numbers { print(number) }
                    }
                }
            } catch {
                throw ExampleFailure.exit("numbers", for: error)
            }
            return
        }
        do {
            try await service.run(.randomNumbers) { baseURL, _ in
                await Self.app(client: ExampleServiceClients.randomNumbers(baseURL: baseURL))
            }
        } catch {
            throw ExampleFailure.exit("numbers", for: error)
        }
    }

    /// The terminal app: the view model's outputs drawn, keys turned into its inputs.
    @MainActor
    private static func app(client: RandomNumberClient) async {
        let viewModel = NumbersViewModel(client: client, clock: ViewClock(ContinuousClock()))
        let screen = NumbersScreen(theme: Theme())
        let runner = TerminalRunner<NumbersViewModel.Output>(
            draw: { screen.draw($0, into: &$1) },
            handle: { key in
                switch key {
                case .interrupt, .escape, .character("q"): return false
                case .character("a"), .enter, .character(" "): viewModel.send(.addRandomNumberTapped)
                default: break
                }
                return true
            },
            current: { viewModel.output }, colors: (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty)
        let outputs = viewModel.outputs()
        viewModel.send(.appeared)
        _ = await runner.run(outputs: outputs)
    }
}
