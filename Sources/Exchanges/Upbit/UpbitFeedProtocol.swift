public import ExchangeWire
public import Foundation
import MarketDomain

extension FeedProtocol {
    /// Upbit's WebSocket dialect: a ticker subscription in `format`, the text `PING` every 10 s
    /// (answered with `{"status":"UP"}`, which proves the socket alive even when markets are
    /// quiet). `depth` levels a side of the order book (Upbit serves 30; Bithumb's v1 15).
    ///
    /// Upbit's tickers come in SIMPLE keys (exchange-apis.md §1.6: `tp` for `trade_price`): the
    /// same fields in 435 bytes a ticker instead of 782, so the feed costs the connection, the
    /// kernel and the reader less than half its bytes. Bithumb's v1 documents DEFAULT alone.
    public static func upbit(
        ticket: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() },
        depth: Int = 30, format: UpbitStreamFormat = .simple
    ) -> FeedProtocol {
        FeedProtocol(
            subscribeMessage: { markets in
                let request = UpbitSubscriptionRequest(
                    ticket: ticket(), types: [.init(type: "ticker", codes: markets.map(\.rawValue))], format: format)
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys  // the same request reads the same on every reconnect
                return String(decoding: try encoder.encode(request), as: UTF8.self)
            },
            keepAliveMessage: UpbitEndpoint.pingText,
            keepAliveInterval: .seconds(10),
            decode: UpbitFrameDecoder.decode,
            depth: .upbit(ticket: ticket, depth: depth)
        )
    }
}

/// Reads frames of the Upbit WebSocket into what the feed needs.
public enum UpbitFrameDecoder {
    /// Decodes one frame (binary or text JSON, DEFAULT or SIMPLE keys) straight from its bytes.
    @Sendable public static func decode(_ frame: [UInt8]) -> FeedProtocol.DecodedFrame {
        FeedProtocol.DecodedFrame(UpbitTickerFrameReader.read(frame))
    }

    /// Decodes one frame from borrowed bytes (the socket's own buffer).
    @Sendable public static func decode(_ frame: UnsafeBufferPointer<UInt8>) -> FeedProtocol.DecodedFrame {
        FeedProtocol.DecodedFrame(UpbitTickerFrameReader.read(frame))
    }

    /// Decodes one frame through `JSONDecoder` and the `Codable` wire types: the reference the
    /// byte reader is checked and measured against.
    @Sendable public static func decodeWithCodable(_ frame: [UInt8]) -> FeedProtocol.DecodedFrame {
        do {
            switch try JSONDecoder().decode(UpbitStreamFrame.self, from: Data(frame)) {
            case .ticker(let message):
                guard let ticker = message.toDomain() else { return .unreadable("bad market code \(message.code)") }
                return .checked(ticker)
            case .status, .other:
                return .heartbeat
            case .error(let detail):
                return .serverError("\(detail.name): \(detail.message)")
            }
        } catch {
            return .unreadable(RESTTransport.describe(error))
        }
    }
}
