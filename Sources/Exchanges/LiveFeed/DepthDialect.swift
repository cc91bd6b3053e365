public import MarketDomain

/// How one exchange's WebSocket dialect follows a single market's depth (SPEC §1.13): the message
/// that subscribes to its book and its trades, and how to read what comes back. A depth feed
/// watches one market at a handful of frames a second, so its frames are read with the `Codable`
/// wire types.
public struct DepthDialect: Sendable {
    /// The text frame that subscribes to this market's order book and trades.
    public var subscribeMessage: @Sendable (_ market: MarketID) throws -> String
    /// Reads one frame of a subscription to `market` (Binance's books do not name their market).
    public var decode: @Sendable (_ market: MarketID, _ frame: UnsafeBufferPointer<UInt8>) -> Frame

    /// Makes a dialect.
    public init(
        subscribeMessage: @escaping @Sendable (_ market: MarketID) throws -> String,
        decode: @escaping @Sendable (_ market: MarketID, _ frame: UnsafeBufferPointer<UInt8>) -> Frame
    ) {
        self.subscribeMessage = subscribeMessage
        self.decode = decode
    }

    /// What a frame turned out to be.
    public enum Frame: Sendable, Equatable {
        /// The market's book, whole.
        case orderBook(OrderBook)
        /// Trades of the market.
        case trades([Trade])
        /// A frame that shows the server alive but carries nothing to show (a status, an ack).
        case heartbeat
        /// The server reported an error.
        case serverError(String)
        /// The frame could not be read; it is skipped.
        case unreadable(String)
    }

    /// A frame's book or trades if they are of `market`; anything else of another market is a
    /// frame this subscription did not ask for, read as a sign of life.
    static func of(_ market: MarketID, book: OrderBook?) -> Frame {
        guard let book else { return .unreadable("an order book of no market") }
        return book.market == market ? .orderBook(book) : .heartbeat
    }

    /// The trades of `market` among `trades`; trades of no market make the frame unreadable.
    static func of(_ market: MarketID, trades: [Trade?]) -> Frame {
        let read = trades.compactMap { $0 }
        guard read.count == trades.count else { return .unreadable("a trade that could not be read") }
        let mine = read.filter { $0.market == market }
        return mine.isEmpty ? .heartbeat : .trades(mine)
    }
}
