import ArgumentParser
import MarketDomain
import MarketStore

/// Where Sise keeps favorites and settings: `--db PATH`, else `$XDG_DATA_HOME/sise/sise.sqlite`.
struct StoreOptions: ParsableArguments {
    @Option(help: "The database file (default: $XDG_DATA_HOME/sise/sise.sqlite, or ~/.local/share/sise/sise.sqlite).")
    var db: String?

    /// Opens the store; failures are storage errors (exit 74).
    func open() throws -> MarketStore {
        try MarketStore.open(path: db ?? MarketStore.defaultPath())
    }

    /// The store's preferences when it opens; `nil` otherwise (for commands that only use it as a
    /// cache, such as the coin-name table, and work without it).
    func openPreferencesIfPossible() -> PreferenceStore? {
        try? open().preferences
    }
}
