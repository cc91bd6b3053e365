import ExchangeWire
import Foundation
import MarketDomain
import NIOHTTP1

extension UpbitRESTClient {
    /// Translates an HTTP error reply into an ``ExchangeError``, using Upbit's error body when
    /// there is one (its `name` may be a number or a string) and the plain-text 429 otherwise.
    static func error(status: HTTPResponseStatus, body: Data) -> ExchangeError {
        let message =
            (try? JSONDecoder().decode(UpbitErrorBody.self, from: body))?.error.message
            ?? RESTTransport.excerpt(body, status: status)
        if status.code == 404, message.localizedCaseInsensitiveContains("code not found") {
            return .unknownMarket(message)
        }
        return RESTTransport.error(status: status, message: message)
    }
}
