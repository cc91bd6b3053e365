/// Where watchlists are kept, as closures (SPEC §1.7: the store is the only keeper): the SQLite
/// store in use, memory in tests. An edit reads, changes and writes in one transaction, so two
/// running copies editing at once lose nothing.
public struct WatchlistStore: Sendable {
    /// The watchlist of a source, in the person's order.
    public var load: @Sendable (_ source: StockSource) throws -> Watchlist
    /// Applies an edit to a source's watchlist and saves it at once; returns what the edit did.
    public var edit:
        @Sendable (_ source: StockSource, _ change: @Sendable (inout Watchlist) -> Watchlist.Change) throws ->
            Watchlist.Change
    /// A signal each time a watchlist may have changed, written by this process or by another one
    /// (`sise watchlist add`, another copy of Sise): readers read again.
    public var changes: @Sendable () -> AsyncStream<Void>

    /// Makes a store.
    public init(
        load: @escaping @Sendable (_ source: StockSource) throws -> Watchlist,
        edit:
            @escaping @Sendable (_ source: StockSource, _ change: @Sendable (inout Watchlist) -> Watchlist.Change)
            throws -> Watchlist.Change,
        changes: @escaping @Sendable () -> AsyncStream<Void>
    ) {
        self.load = load
        self.edit = edit
        self.changes = changes
    }
}
