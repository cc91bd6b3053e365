import ExchangeWire
public import Foundation
import MarketDomain

extension FeedProtocol {
    /// Binance's raw-stream WebSocket dialect (exchange-apis.md §4.2): one `SUBSCRIBE` of each
    /// market's `<symbol>@ticker` stream (at most 1024 a connection), text frames. The server's
    /// pings are answered by the WebSocket layer; every 10 s `LIST_SUBSCRIPTIONS` draws a reply,
    /// well inside the limit of 5 messages a second.
    public static let binance = FeedProtocol(
        subscribeMessage: { markets in
            let streams = markets.prefix(BinanceEndpoint.maxStreamsPerConnection).map {
                BinanceEndpoint.tickerStream(BinanceWire.symbol($0))
            }
            return try jsonText(BinanceStreamRequest(params: Array(streams), id: 1))
        },
        keepAliveMessage: #"{"id":2,"method":"LIST_SUBSCRIPTIONS"}"#,
        keepAliveInterval: .seconds(10),
        decode: BinanceFrameDecoder.decode,
        depth: .binance()
    )
}

/// Reads frames of Binance's WebSocket into what the feed needs.
public enum BinanceFrameDecoder {
    /// Decodes one text frame straight from its bytes: a ticker event, a request's result (a
    /// sign of life) or an error.
    @Sendable public static func decode(_ frame: [UInt8]) -> FeedProtocol.DecodedFrame {
        FeedProtocol.DecodedFrame(BinanceTickerFrameReader.read(frame))
    }

    /// Decodes one frame from borrowed bytes (the socket's own buffer).
    @Sendable public static func decode(_ frame: UnsafeBufferPointer<UInt8>) -> FeedProtocol.DecodedFrame {
        FeedProtocol.DecodedFrame(BinanceTickerFrameReader.read(frame))
    }

    /// Decodes one frame through `JSONDecoder` and the `Codable` wire types (the reference).
    @Sendable public static func decodeWithCodable(_ frame: [UInt8]) -> FeedProtocol.DecodedFrame {
        do {
            switch try JSONDecoder().decode(BinanceStreamFrame.self, from: Data(frame)) {
            case .ticker(let event):
                guard let ticker = event.toDomain() else { return .unreadable("bad ticker for \(event.symbol)") }
                return .checked(ticker)
            case .result, .other:
                return .heartbeat
            case .error(let body):
                return .serverError("\(body.code): \(body.msg)")
            }
        } catch {
            return .unreadable(RESTTransport.describe(error))
        }
    }
}
