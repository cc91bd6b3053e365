/// What a live feed reports: its connection state, fresh snapshots and single ticks.
public enum LiveFeedEvent: Sendable, Equatable {
    /// The connection changed state.
    case connection(ConnectionState)
    /// A full REST snapshot of the subscribed markets, fetched at start and after every reconnect.
    case snapshot([Ticker])
    /// One live ticker update.
    case ticker(Ticker)
    /// A frame that could not be read (malformed, truncated, of the wrong types, too deep) was
    /// skipped; the feed goes on.
    case frameSkipped(reason: String)
}
