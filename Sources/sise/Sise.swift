import ArgumentParser
import Foundation
import HeadlessOutput
import Logging
import SiseBench
import SiseSupport

/// The `sise` command: a real-time market watch for Korean crypto exchanges.
@main
struct Sise: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sise",
        abstract: "시세 — live prices from Korean crypto exchanges and a stock watchlist, in your terminal.",
        discussion: """
            The market shown by default is simulated: without --live, Sise starts its simulated market \
            in-process on loopback and connects the real exchange client to it, so everything works \
            offline. The simulated prices are a function of the seed and the clock, so every copy (the \
            app, `sise serve`, each command) shows the same market at the same moment.
            """,
        subcommands: [
            AppCommand.self, QuotesCommand.self, StreamCommand.self, CandlesCommand.self, OrderBookCommand.self,
            TradesCommand.self,
            CompareCommand.self, MoversCommand.self, FxCommand.self, PremiumCommand.self,
            WatchlistCommand.self, SearchCommand.self,
            SimulateCommand.self, ServeCommand.self,
            FavoritesCommand.self, AlertsCommand.self, BenchCommand.self,
        ],
        defaultSubcommand: AppCommand.self
    )

    /// Sets up logging (every line cleaned for the terminal), then runs the command chosen.
    static func main() async {
        StartupTrace.mark("main")
        LoggingSystem.bootstrap { TerminalSafeLogHandler(label: $0) }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exitCleanly(withError: error)
        }
    }

    /// ArgumentParser's `exit(withError:)`, with its message cleaned for the terminal first: a
    /// usage error quotes the argument it refused, and an argument may hold escape bytes.
    static func exitCleanly(withError error: any Error) -> Never {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if !message.isEmpty {
            if code == .success {
                try? StandardOutput.writeLine(message)
            } else {
                StandardError.writeLine(message)
            }
        }
        Foundation.exit(code.rawValue)
    }
}
