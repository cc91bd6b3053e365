import ExchangeWire
public import Foundation
import MarketDomain

extension FeedProtocol {
    /// Korbit's v2 public WebSocket dialect (exchange-apis.md §3.6): an array request of ticker
    /// symbols in text frames. The server's protocol pings are answered by the WebSocket layer;
    /// every 10 s an empty subscribe with a `requestId` draws an acknowledgement, which proves
    /// the socket alive when the subscribed markets are quiet.
    public static let korbit = FeedProtocol(
        subscribeMessage: { markets in
            try jsonText([KorbitSubscription(symbols: markets.map(KorbitWire.symbol))])
        },
        keepAliveMessage: #"[{"method":"subscribe","requestId":0,"symbols":[],"type":"ticker"}]"#,
        keepAliveInterval: .seconds(10),
        decode: KorbitFrameDecoder.decode,
        depth: .korbit
    )
}

/// Reads frames of Korbit's v2 WebSocket into what the feed needs.
public enum KorbitFrameDecoder {
    /// Decodes one text frame straight from its bytes: a ticker, an acknowledgement (a sign of
    /// life) or a failure.
    @Sendable public static func decode(_ frame: [UInt8]) -> FeedProtocol.DecodedFrame {
        FeedProtocol.DecodedFrame(KorbitTickerFrameReader.read(frame))
    }

    /// Decodes one frame from borrowed bytes (the socket's own buffer).
    @Sendable public static func decode(_ frame: UnsafeBufferPointer<UInt8>) -> FeedProtocol.DecodedFrame {
        FeedProtocol.DecodedFrame(KorbitTickerFrameReader.read(frame))
    }

    /// Decodes one frame through `JSONDecoder` and the `Codable` wire types (the reference).
    @Sendable public static func decodeWithCodable(_ frame: [UInt8]) -> FeedProtocol.DecodedFrame {
        do {
            switch try JSONDecoder().decode(KorbitStreamFrame.self, from: Data(frame)) {
            case .ticker(let message):
                guard let ticker = message.toDomain() else { return .unreadable("bad ticker for \(message.symbol)") }
                return .checked(ticker)
            case .status(let status) where status.status == "success":
                return .heartbeat
            case .status(let status):
                return .serverError([status.code, status.message].compactMap { $0 }.joined(separator: ": "))
            case .other:
                return .heartbeat
            }
        } catch {
            return .unreadable(RESTTransport.describe(error))
        }
    }
}

/// The JSON text of a value, keys sorted so the same request reads the same on every reconnect.
func jsonText(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}
