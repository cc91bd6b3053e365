import ArgumentParser
import ExampleSupport
import Exchanges
import Foundation
import MarketDomain
import MarketFeatures
import TerminalUI

/// `repo-search`: GitHub's repository search on Sise's MVVM core (SPEC §1.14). Without a query, the
/// terminal app; with one, a headless search for scripts.
@main
struct RepoSearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo-search",
        abstract: "Search GitHub repositories as you type (the terminal app), or once for a script.",
        discussion: """
            The app searches `swift` on appearing; then a query goes out when longer than 2 \
            characters, different from the last one, after a 0.3 s pause. Keys: type to search, \
            ↑↓ move, Enter shows the repository's id (Enter again closes it), Esc or Ctrl-C quits.
            """)

    @OptionGroup var service: ExampleServiceOptions

    @Argument(help: "Search once for this query and print the repositories.")
    var query: String?

    @Option(help: "With a query: table or json.")
    var format: Format = .table

    @Option(parsing: .unconditional, help: "With a query: results a page, 1 to 100.")
    var perPage = 30

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    func validate() throws {
        guard (1...100).contains(perPage) else { throw ValidationError("--per-page must be between 1 and 100.") }
        if let query, query.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("the query is empty: give words to search for, e.g. repo-search swift.")
        }
    }

    func run() async throws {
        if let query {
            do {
                try await service.run(.github) { baseURL, _ in
                    let client = ExampleServiceClients.github(baseURL: baseURL, perPage: perPage)
                    try print(try await client.search(query).map(RepoSearchViewModel.row))
                }
            } catch {
                throw ExampleFailure.exit("repo-search", for: error)
            }
            return
        }
        guard ExampleFailure.stdoutIsTerminal else {
            FileHandle.standardError.write(
                Data("repo-search: not a terminal; give a query: repo-search swift --format json\n".utf8))
            throw ExitCode(64)
        }
        do {
            try await service.run(.github) { baseURL, _ in
                await Self.app(client: ExampleServiceClients.github(baseURL: baseURL))
            }
        } catch {
            throw ExampleFailure.exit("repo-search", for: error)
        }
    }

    private func print(_ rows: [RepoSearchViewModel.Row]) throws {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            Swift.print(String(decoding: try encoder.encode(rows), as: UTF8.self))
        case .table:
            for row in rows {
                Swift.print("\(row.fullName)\t\(row.stars)\t\(row.language)\t\(row.description)\tid \(row.id)")
            }
        }
    }

    /// The terminal app: the view model's outputs drawn, keys turned into its inputs.
    @MainActor
    private static func app(client: RepositorySearchClient) async {
        let viewModel = RepoSearchViewModel(client: client, clock: ViewClock(ContinuousClock()))
        let screen = RepoSearchScreen(theme: Theme())
        let runner = TerminalRunner<RepoSearchViewModel.Output>(
            draw: { screen.draw($0, into: &$1) },
            handle: { key in
                let output = viewModel.output
                if output.alert != nil {
                    if key == .enter || key == .escape { viewModel.send(.alertDismissed) }
                    return key != .interrupt
                }
                switch key {
                case .interrupt, .escape: return false
                case .up: viewModel.send(.selectionMoved(by: -1))
                case .down: viewModel.send(.selectionMoved(by: 1))
                case .enter:
                    if output.rows.indices.contains(output.selectedIndex) {
                        viewModel.send(.repositoryChosen(id: output.rows[output.selectedIndex].id))
                    }
                case .backspace: viewModel.send(.queryChanged(String(output.query.dropLast())))
                case .character(let character): viewModel.send(.queryChanged(output.query + String(character)))
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
