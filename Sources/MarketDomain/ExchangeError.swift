/// What can go wrong talking to an exchange, in the terms a person (and an exit code) needs.
public enum ExchangeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The exchange does not know one of the market codes asked for.
    case unknownMarket(String)
    /// No stock listing (KRX, NXT or the US lists Sise knows) has this code.
    case unknownStock(String)
    /// The exchange refused the request's parameters.
    case badRequest(String)
    /// The exchange said the client is over its rate limit.
    case rateLimited(String)
    /// The exchange could not be reached or failed on its side.
    case unavailable(String)
    /// The exchange answered with something that could not be understood.
    case badResponse(String)

    public var description: String {
        switch self {
        case .unknownMarket(let detail): "unknown market: \(detail)"
        case .unknownStock(let code):
            "unknown stock: \(code) (no KRX or US listing has this code; `sise search` finds one)"
        case .badRequest(let detail): "request refused: \(detail)"
        case .rateLimited(let detail): "rate limited: \(detail)"
        case .unavailable(let detail): "exchange unavailable: \(detail)"
        case .badResponse(let detail): "unreadable answer: \(detail)"
        }
    }
}
