import MarketDomain

/// One line of text for an error shown to a person: an ``ExchangeError``'s own description,
/// otherwise the first line of what the error says.
enum ErrorLine {
    static func of(_ error: any Error) -> String {
        if let exchange = error as? ExchangeError { return exchange.description }
        return String(describing: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    }
}
