import Foundation
import NIOCore

/// Reads a connection's raw bytes before HTTP parsing and renames any `Upgrade` header asking for
/// something other than a WebSocket (`Upgrade: h2c`, which curl and browser-like clients send on
/// every request), so that the server answers it as the plain HTTP/1.1 request it is and keeps the
/// connection alive, as the real exchanges' servers do.
///
/// Without it, SwiftNIO's HTTP parser stops reading a connection after any request it takes for
/// an upgrade (the next request on it never gets an answer), and the WebSocket upgrade handler
/// loses the head of a request whose upgrade it declines (the client gets an empty reply).
///
/// It follows request boundaries by `Content-Length`; after a WebSocket upgrade, a chunked body or
/// anything it cannot read as a request head, it passes every byte through untouched, so the
/// HTTP parser still answers a malformed request with its own error.
final class DeclinedUpgradeFilter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The name a declined `Upgrade` header is given: as long as `Upgrade`, so the head keeps its
    /// length.
    static let declinedName = Array("Ignored".utf8)
    /// Longer heads are passed through for the HTTP parser to refuse (it allows 80 KiB of fields).
    static let maximumHeadBytes = 96 * 1024

    private static let blanks = CharacterSet(charactersIn: " \t\r")

    private enum State {
        /// Gathering a request head; the bytes read of it so far.
        case head(ByteBuffer?)
        /// Inside a request body: how many bytes of it are still to come.
        case body(remaining: Int)
        /// No longer reading requests: every byte goes on as it came.
        case passThrough
    }

    private var state = State.head(nil)

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var input = unwrapInboundIn(data)
        while input.readableBytes > 0 {
            switch state {
            case .passThrough:
                context.fireChannelRead(wrapInboundOut(input))
                return
            case .body(let remaining):
                let length = min(remaining, input.readableBytes)
                if let slice = input.readSlice(length: length) {
                    context.fireChannelRead(wrapInboundOut(slice))
                }
                state = remaining == length ? .head(nil) : .body(remaining: remaining - length)
            case .head(let gathered):
                var pending: ByteBuffer
                if var gathered {
                    gathered.writeBuffer(&input)
                    pending = gathered
                } else {
                    pending = input
                }
                input = ByteBuffer()
                guard let end = Self.endOfHead(in: pending) else {
                    if pending.readableBytes > Self.maximumHeadBytes {
                        state = .passThrough
                        context.fireChannelRead(wrapInboundOut(pending))
                    } else {
                        state = .head(pending)
                    }
                    return
                }
                guard var head = pending.readSlice(length: end) else { return }
                state = Self.screen(&head)
                context.fireChannelRead(wrapInboundOut(head))
                input = pending
            }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // At the end of input a partial head goes on, for the parser to refuse.
        if event as? ChannelEvent == .inputClosed, case .head(let gathered?) = state {
            state = .passThrough
            context.fireChannelRead(wrapInboundOut(gathered))
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// The length of the head at the start of `buffer`, up to and including its empty line
    /// (`\r\n\r\n`, or `\n\n` from a lax client); `nil` while it is incomplete.
    static func endOfHead(in buffer: ByteBuffer) -> Int? {
        buffer.withUnsafeReadableBytes { bytes -> Int? in
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\n") {
                    var next = index + 1
                    if next < bytes.count, bytes[next] == UInt8(ascii: "\r") { next += 1 }
                    if next < bytes.count, bytes[next] == UInt8(ascii: "\n"), index > 0 { return next + 1 }
                }
                index += 1
            }
            return nil
        }
    }

    /// Renames a declined `Upgrade` header in `head` and tells what follows the head.
    private static func screen(_ head: inout ByteBuffer) -> State {
        var contentLength = 0
        var next = State.head(nil)
        var declined: [Int] = []
        let start = head.readerIndex
        head.withUnsafeReadableBytes { bytes in
            var lineStart = 0
            var isRequestLine = true
            for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
                defer { lineStart = index + 1 }
                if isRequestLine {
                    isRequestLine = false
                    continue
                }
                let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<index])
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
                let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
                let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
                    .trimmingCharacters(in: Self.blanks).lowercased()
                switch name {
                case "upgrade":
                    if value.contains("websocket") {
                        next = .passThrough
                    } else {
                        declined.append(lineStart)
                    }
                case "content-length":
                    guard let length = Int(value), length >= 0 else { next = .passThrough; continue }
                    contentLength = length
                case "transfer-encoding":
                    next = .passThrough
                default:
                    continue
                }
            }
        }
        for offset in declined {
            head.setBytes(declinedName, at: start + offset)
        }
        if case .passThrough = next { return .passThrough }
        return contentLength > 0 ? .body(remaining: contentLength) : .head(nil)
    }
}
