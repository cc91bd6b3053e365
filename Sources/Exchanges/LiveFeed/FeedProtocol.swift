import ExchangeWire
public import MarketDomain

/// What one exchange's WebSocket dialect needs from the feed: the subscribe message, the keep-alive
/// text (if any), and how to read a frame.
public struct FeedProtocol: Sendable {
    /// The text frame that subscribes to these markets.
    public var subscribeMessage: @Sendable (_ markets: [MarketID]) throws -> String
    /// A text frame sent every ``keepAliveInterval`` (Upbit's `PING`), or `nil`.
    public var keepAliveMessage: String?
    /// How often the keep-alive text goes out.
    public var keepAliveInterval: Duration
    /// Reads one frame's bytes: a ticker, a sign of life, or an error from the server.
    public var decode: @Sendable (_ frame: UnsafeBufferPointer<UInt8>) -> DecodedFrame
    /// How the dialect follows one market's order book and trades; `nil` when Sise reads none.
    public var depth: DepthDialect?

    /// Makes a dialect.
    public init(
        subscribeMessage: @escaping @Sendable (_ markets: [MarketID]) throws -> String, keepAliveMessage: String?,
        keepAliveInterval: Duration, decode: @escaping @Sendable (_ frame: UnsafeBufferPointer<UInt8>) -> DecodedFrame,
        depth: DepthDialect? = nil
    ) {
        self.depth = depth
        self.subscribeMessage = subscribeMessage
        self.keepAliveMessage = keepAliveMessage
        self.keepAliveInterval = keepAliveInterval
        self.decode = decode
    }

    /// What a frame turned out to be.
    public enum DecodedFrame: Sendable, Equatable {
        /// A ticker update.
        case ticker(Ticker)
        /// A frame that carries no ticker but shows the server is alive (status, other data).
        case heartbeat
        /// The server reported an error; it will close the connection.
        case serverError(String)
        /// The frame could not be read; it is skipped.
        case unreadable(String)
    }
}

extension FeedProtocol.DecodedFrame {
    /// What a byte reader found, as the feed needs it.
    init(_ content: StreamFrameContent) {
        switch content {
        case .ticker(let ticker): self = .checked(ticker)
        case .alive: self = .heartbeat
        case .serverError(let message): self = .serverError(message)
        case .unreadable(let reason): self = .unreadable(reason)
        }
    }
}

extension FeedProtocol.DecodedFrame {
    /// A ticker as the feed takes it: one that cannot be a real market's is an unreadable frame,
    /// counted and skipped, and the board keeps its last good value.
    static func checked(_ ticker: Ticker) -> Self {
        if let reason = ticker.implausibility {
            return .unreadable("impossible ticker for \(ticker.marketID): \(reason)")
        }
        return .ticker(ticker)
    }
}
