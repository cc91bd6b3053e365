public import MarketDomain

/// What one live-feed frame turned out to be, read straight from its bytes by a dialect's
/// ticker-frame reader (``UpbitTickerFrameReader``, ``KorbitTickerFrameReader``,
/// ``BinanceTickerFrameReader``).
public enum StreamFrameContent: Sendable, Equatable {
    /// A ticker update.
    case ticker(Ticker)
    /// A frame that carries no ticker but shows the server is alive (a status, an acknowledgement,
    /// another data type).
    case alive
    /// The server reported an error.
    case serverError(String)
    /// The frame could not be read (malformed, truncated, wrong types, too deep); it is skipped.
    case unreadable(String)
}
