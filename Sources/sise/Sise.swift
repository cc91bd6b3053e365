import ArgumentParser

/// The `sise` command: a real-time market watch for Korean crypto exchanges.
@main
struct Sise: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sise",
        abstract: "시세 — live prices from Korean crypto exchanges and a stock watchlist, in your terminal.",
        discussion: """
            Without --live, Sise starts its simulated market in-process on loopback and connects the \
            real exchange client to it, so everything works offline.
            """,
        subcommands: [
            AppCommand.self, QuotesCommand.self, StreamCommand.self, CandlesCommand.self, CompareCommand.self,
            WatchlistCommand.self, SearchCommand.self,
            SimulateCommand.self,
            FavoritesCommand.self, BenchCommand.self,
        ],
        defaultSubcommand: AppCommand.self
    )
}
