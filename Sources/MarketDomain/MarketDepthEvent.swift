/// What a live depth feed of one market reports (SPEC §1.13): its connection, the REST first
/// paint (fetched at start and after every reconnect), and the WebSocket's books and trades.
public enum MarketDepthEvent: Sendable, Equatable {
    /// The connection changed state.
    case connection(ConnectionState)
    /// The REST order book and latest trades, fetched at start and after every reconnect.
    case snapshot(OrderBook, [Trade])
    /// A whole book as the WebSocket sent it (every dialect Sise reads sends the top levels whole).
    case orderBook(OrderBook)
    /// Trades as the WebSocket sent them, in any order.
    case trades([Trade])
    /// A frame that could not be read was skipped; the feed goes on.
    case frameSkipped(reason: String)
}
