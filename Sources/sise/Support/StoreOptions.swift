import ArgumentParser
import HeadlessOutput
import MarketDomain
import MarketStore

/// Where Sise keeps favorites and settings: `--db PATH`, else `$XDG_DATA_HOME/sise/sise.sqlite`.
struct StoreOptions: ParsableArguments {
    @Option(help: "The database file (default: $XDG_DATA_HOME/sise/sise.sqlite, or ~/.local/share/sise/sise.sqlite).")
    var db: String?

    /// Opens the store to read and write; failures are storage errors (exit 74). The default
    /// location's folder is created when missing; a `--db` in a folder that does not exist is refused.
    func open() throws -> MarketStore {
        try MarketStore.open(path: db ?? MarketStore.defaultPath(), createFolder: db == nil)
    }

    /// Opens the store to read only: nothing is written to the file (unless its schema is behind
    /// this version's). Failures are storage errors (exit 74).
    func openForReading() throws -> MarketStore {
        try MarketStore.open(path: db ?? MarketStore.defaultPath(), access: .readOnly, createFolder: db == nil)
    }

    /// The store when it opens, for commands that only use it as a cache or for names and work
    /// without it; when it does not, says why once on stderr and returns `nil`.
    func openIfPossible() -> MarketStore? {
        do {
            return try open()
        } catch {
            StandardError.writeLine("sise: warning: not using the database: \(error)")
            return nil
        }
    }

    /// The preferences of ``openIfPossible()``.
    func openPreferencesIfPossible() -> PreferenceStore? {
        openIfPossible()?.preferences
    }
}
