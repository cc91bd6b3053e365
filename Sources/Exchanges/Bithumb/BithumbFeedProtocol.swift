import ExchangeWire
public import Foundation
import MarketDomain

extension FeedProtocol {
    /// Bithumb's v1 WebSocket dialect (exchange-apis.md §2.4): Upbit's request array and ticker
    /// messages in binary frames, the text `PING` answered with `{"status":"UP"}`. The request
    /// carries no options, so Bithumb's camel-case spelling of them does not matter here.
    public static func bithumb(
        ticket: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) -> FeedProtocol {
        // The same request and frames as Upbit's, in the DEFAULT keys Bithumb documents; the
        // WebSocket timestamps are true Unix ms.
        upbit(ticket: ticket, depth: 15, format: .default)
    }
}
