public import NIOCore

/// Puts a WebSocket message split over several frames back together (RFC 6455 §5.4): a text or
/// binary frame starts a message, continuation frames extend it, the frame with FIN ends it. A
/// message in one frame, what every exchange sends, is handed on as it came, with no copy.
///
/// The feed and the dashboard's tabs read frames rather than swift-websocket's messages because
/// its message sequence costs an array and a few more async calls per frame (at a firehose's
/// rate a fair part of the client's time) and a task per connection.
public struct WebSocketMessageAssembler: Sendable {
    /// Why a frame cannot be part of a message.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// A continuation frame with no message begun.
        case continuationWithoutStart
        /// A text or binary frame while a message was still open.
        case startInsideMessage
        /// The message grew past the limit.
        case tooLarge(limit: Int)

        public var description: String {
            switch self {
            case .continuationWithoutStart: "a continuation frame with no message begun"
            case .startInsideMessage: "a new message began before the last one ended"
            case .tooLarge(let limit): "a message larger than \(limit) bytes"
            }
        }
    }

    /// The largest message accepted, in bytes.
    public let maxSize: Int
    /// The open message's bytes so far.
    private var pending: ByteBuffer?

    /// An assembler of messages up to `maxSize` bytes.
    public init(maxSize: Int) {
        self.maxSize = maxSize
    }

    /// Adds a frame's payload; `startsMessage` is true for a text or binary frame, false for a
    /// continuation. Returns the whole message when this frame ends it.
    public mutating func add(_ payload: ByteBuffer, startsMessage: Bool, fin: Bool) throws(Problem) -> ByteBuffer? {
        if startsMessage {
            guard pending == nil else { throw .startInsideMessage }
            guard payload.readableBytes <= maxSize else { throw .tooLarge(limit: maxSize) }
            if fin { return payload }
            pending = payload
            return nil
        }
        guard var message = pending else { throw .continuationWithoutStart }
        pending = nil
        guard message.readableBytes + payload.readableBytes <= maxSize else { throw .tooLarge(limit: maxSize) }
        var payload = payload
        message.writeBuffer(&payload)
        if fin { return message }
        pending = message
        return nil
    }
}
