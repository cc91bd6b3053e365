import ExchangeWire
import Foundation
import MarketDomain
import NIOHTTP1

extension UpbitRESTClient {
    /// Translates an HTTP error reply into an ``ExchangeError``, using Upbit's error body when
    /// there is one (its `name` may be a number or a string) and the plain-text 429 otherwise.
    static func error(status: HTTPResponseStatus, body: Data) -> ExchangeError {
        let message: String
        if let decoded = try? JSONDecoder().decode(UpbitErrorBody.self, from: body) {
            message = decoded.error.message
        } else {
            // Not Upbit's JSON (a 429 is plain text, a proxy may answer HTML): keep a short, clean line.
            let text = DisplayWidth.sanitized(String(decoding: body.prefix(200), as: UTF8.self))
            message = text.isEmpty ? "HTTP \(status.code)" : text
        }
        switch status.code {
        case 404 where message.localizedCaseInsensitiveContains("code not found"): return .unknownMarket(message)
        case 429, 418: return .rateLimited("HTTP \(status.code): \(message)")
        case 400..<500: return .badRequest("HTTP \(status.code): \(message)")
        default: return .unavailable("HTTP \(status.code): \(message)")
        }
    }

    /// A one-line description of a transport or decoding error.
    static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .keyNotFound(let key, _): return "missing field \(key.stringValue)"
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
            @unknown default: return "\(decoding)"
            }
        }
        return String(describing: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    }
}
